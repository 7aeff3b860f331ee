/** Rules between the cells of one row, and between a project and its featured card. */
import { formatMoney } from '../../src/schema/format';
import { problemAt, type Problem } from './problem';
import type { Tables } from './tables';
import { cellPlace } from './validate-table';

/** A typed rent per sq ft may be rounded; beyond this relative difference it is probably a typo. */
const RENT_PER_SQFT_TOLERANCE = 0.02;

export const roundTo = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

const indian = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** The video is shown as a still picture until a visitor presses play, so a video needs one. */
function checkVideoStills(projects: Tables['projects'], problems: Problem[]): void {
  for (const row of projects.rows) {
    const { video_embed: video, video_still: still } = row.data;
    if (typeof video === 'string' && still === null) {
      problems.push(
        problemAt(
          cellPlace(projects, row, 'video_still'),
          'video-still',
          'This project has a video (video_embed), so it needs a still picture shown before the video plays. Write the name of a picture in sheets/images, such as projects/joy-district-video.jpg.',
        ),
      );
    }
  }
}

function checkRentPerSqft(preRented: Tables['preRented'], problems: Problem[]): void {
  for (const row of preRented.rows) {
    const { rent, total_area: area, rent_per_sqft: typed } = row.data;
    if (typeof typed !== 'number' || rent === undefined || area === undefined) continue;
    const computed = rent / area;
    if (Math.abs(typed - computed) <= computed * RENT_PER_SQFT_TOLERANCE) continue;
    problems.push(
      problemAt(
        cellPlace(preRented, row, 'rent_per_sqft'),
        'rent-per-sqft',
        `Rent per sq ft is ${indian(typed)}, but rent ÷ total area is ₹${indian(rent)} ÷ ${indian(area)} sq ft = ${indian(roundTo(computed, 2))}. Check the rent, the area and this cell, or leave this cell empty to have it computed.`,
        'warning',
      ),
    );
  }
}

/**
 * A project advertised with a price must show its RERA registration: HARERA
 * forbids advertising a project for sale before it is registered. Only a
 * warning, since the team may know the number is about to come, but it must
 * decide before the price goes live.
 */
function checkRegistration({ projects, featured }: Tables, problems: Problem[]): void {
  const cards = new Map<string, { row: number; price: number }>();
  for (const row of featured.rows) {
    const { project, price } = row.data;
    if (project !== undefined && price !== undefined && !cards.has(project)) cards.set(project, { row: row.row, price });
  }
  for (const row of projects.rows) {
    const { slug, rera, price_from: priceFrom, hidden } = row.data;
    if (rera !== null || hidden === true || row.failed?.rera !== undefined) continue;
    const card = slug === undefined ? undefined : cards.get(slug);
    const prices = [
      typeof priceFrom === 'number' ? `${formatMoney(priceFrom)} onwards in price_from` : null,
      card === undefined ? null : `${formatMoney(card.price)} on its card in row ${card.row} of featured.csv`,
    ].filter((price) => price !== null);
    if (prices.length === 0) continue;
    problems.push(
      problemAt(
        cellPlace(projects, row, 'rera'),
        'rera-missing',
        `This project is advertised with a price (${prices.join(', and ')}) but has no RERA registration number. HARERA's rules forbid advertising a project for sale before it is registered: write its registration number here, or take the price off until it has one.`,
        'warning',
      ),
    );
  }
}

/**
 * One price per project: a featured card's price must be the project's price_from, or the home
 * page and the project's own page would quote different prices. Refused at the card's price
 * cell; a project with no price_from shows none on its page, and its card's price is the only one.
 */
function checkFeaturedPrices({ projects, featured }: Tables, problems: Problem[]): void {
  const priceFrom = new Map<string, { row: number; price: number }>();
  for (const row of projects.rows) {
    const { slug, price_from: price } = row.data;
    if (slug !== undefined && typeof price === 'number') priceFrom.set(slug, { row: row.row, price });
  }
  for (const row of featured.rows) {
    const { project, price } = row.data;
    const source = project === undefined ? undefined : priceFrom.get(project);
    if (price === undefined || source === undefined || source.price === price) continue;
    const shown = formatMoney(source.price, { exact: true });
    problems.push(
      problemAt(
        cellPlace(featured, row, 'price'),
        'price-mismatch',
        `This card's price is ${formatMoney(price, { exact: true })}, but the project's price_from in projects.csv row ${source.row} is ${shown}, which its own page shows. A project has one price: write ${shown} here, or change price_from too.`,
      ),
    );
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The last day of the period a possession cell names ("December 2025",
 * "Dec 2025", "Q3 2026", "2025 (expected)"), or null when it names no year.
 */
export function possessionEnd(text: string): Date | null {
  const year = /\b(19|20)\d{2}\b/.exec(text);
  if (year === null) return null;
  const words = text.toLowerCase();
  const quarter = /\bq([1-4])\b/.exec(words);
  const month = MONTHS.findIndex((name) => new RegExp(`\\b${name}`).test(words));
  const lastMonth = quarter !== null ? Number(quarter[1]) * 3 - 1 : month === -1 ? 11 : month;
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(Number(year[0]), lastMonth + 1, 0, 23, 59, 59));
}

const longDate = (date: Date) =>
  date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A project still under construction cannot have been handed over already. */
function checkPossession(projects: Tables['projects'], today: Date, problems: Problem[]): void {
  for (const row of projects.rows) {
    const { status, possession } = row.data;
    if (status !== 'Under Construction' || typeof possession !== 'string') continue;
    const end = possessionEnd(possession);
    if (end === null || end >= today) continue;
    problems.push(
      problemAt(
        cellPlace(projects, row, 'possession'),
        'possession-past',
        `Possession "${possession}" is already past (today is ${longDate(today)}), but the status says "Under Construction". Write the new possession date, or change the status to "Ready to Move".`,
        'warning',
      ),
    );
  }
}

/** `today` decides which possession dates are past: the day of the build, unless a test sets it. */
export function checkRows(tables: Tables, problems: Problem[], today: Date = new Date()): void {
  checkVideoStills(tables.projects, problems);
  checkRentPerSqft(tables.preRented, problems);
  checkRegistration(tables, problems);
  checkFeaturedPrices(tables, problems);
  checkPossession(tables.projects, today, problems);
}
