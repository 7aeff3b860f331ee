/** What the listing tests expect, read straight from the generated site data, and small page helpers. */
import type { Locator, Page } from '@playwright/test';
import { expect, holdTimers, hydrated } from './fixtures';
import { site, unescapeHtml } from './routes-data';

export { site };

export const EMPTY = 'No properties available as of now under this category.';

const UNITS = { Cr: 1e7, L: 1e5 } as const;
/** A rounded figure: "₹6.33 Cr", "₹2.08 L". */
const ROUNDED = /₹([\d,]+(?:\.\d+)?) (Cr|L)\b/;
/** Every rupee of a figure of a lakh or more: "₹2,08,439". */
const EXACT = /^₹[1-9]\d?(?:,\d\d)*,\d{3}$/;

const rounded = (match: RegExpExecArray) =>
  Math.round(Number((match[1] ?? '').replace(/,/g, '')) * UNITS[match[2] as keyof typeof UNITS]);

/**
 * A figure as the page writes it: "₹6.33 Cr" → 63300000; a rounded figure with its exact one
 * after it, in brackets or on a line of its own ("₹15.56 L (₹15,56,325)") → 1556325;
 * "₹95,340" → 95340; "4,600 / 9,200 sq.ft" → 4600 (the first figure).
 */
export function amount(text: string): number {
  const short = ROUNDED.exec(text);
  if (short) {
    const exact = /₹([\d,]+)(?![\d.])/.exec(text.slice(short.index + short[0].length));
    return exact ? Number((exact[1] ?? '').replace(/,/g, '')) : rounded(short);
  }
  const match = /[\d,]+(?:\.\d+)?/.exec(text);
  if (!match) throw new Error(`no figure in "${text}"`);
  return Number(match[0].replace(/,/g, ''));
}

/** Within half of the last decimal shown: what rounding to two decimals of a lakh or crore may change. */
function roundsTo(exact: number, short: RegExpExecArray): boolean {
  const unit = UNITS[short[2] as keyof typeof UNITS];
  return Math.abs(exact - rounded(short)) <= unit / 200;
}

/**
 * The rupee figures of a text that break the site's one money format (formatMoney): crores or
 * lakhs to two decimals (a lakh figure under 100), full digits only under a lakh, and every rupee
 * of a rounded figure only right after it, in brackets or on the next line. Empty when all keep to it.
 */
export function moneyOutOfFormat(text: string): string[] {
  const wrong: string[] = [];
  let previous: { match: RegExpExecArray; end: number } | null = null;
  for (const match of text.matchAll(/₹[\d,]+(?:\.\d+)?(?: (?:Cr|L)\b)?/g)) {
    const figure = match[0];
    const short = ROUNDED.exec(figure);
    const gap = previous === null ? '' : text.slice(previous.end, match.index);
    const isExact =
      EXACT.test(figure) &&
      previous !== null &&
      /^(?:\/month| onwards)?\s*\(?$/.test(gap) &&
      roundsTo(Number(figure.slice(1).replace(/,/g, '')), previous.match);
    const ok = short
      ? /^₹[1-9][\d,]*(?:\.\d\d?)? Cr$|^₹[1-9]\d?(?:\.\d\d?)? L$/.test(figure)
      : isExact || /^₹(?:[1-9]\d?,\d{3}|\d{1,3})(?:\.\d\d?)?$/.test(figure);
    if (!ok) wrong.push(figure);
    previous = short ? { match: short, end: match.index + figure.length } : null;
  }
  return wrong;
}

/** Opens a page with the enquiry pop-up held back and waits for React to take over. */
export async function open(page: Page, url: string): Promise<void> {
  await holdTimers(page);
  await page.goto(url);
  await hydrated(page);
}

/** The links of the cards in a grid, in order. */
export async function cardLinks(grid: Locator): Promise<string[]> {
  return grid
    .locator('article h3 a, article h4 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** The card grid of the listing, by its accessible name. */
export const grid = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name, exact: typeof name === 'string' });

/** Page HTML as a static host serves it, before any script runs. */
export async function rawHtml(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return response.text();
}

/** The hrefs of the links inside a pre-rendered element's HTML. */
export function hrefsIn(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => unescapeHtml(m[1] ?? ''));
}

/** The projects a listing shows: those in the search, and every featured one (the home page's View all leads there). */
export const projectsFor = (type: 'Commercial' | 'Residential', route: string | null) =>
  site.projects.filter(
    (p) =>
      (p.in_search || site.featured.some((f) => f.project === p.slug)) &&
      p.type === type &&
      (route === null || p.localityRoute === route),
  );

export const recordsIn = (route: string | null) =>
  site.preRented.filter((r) => route === null || r.localityRoute === route);

/** Chooses a radio with the keyboard, as a keyboard user would (and clear of the fixed Enquire Now button). */
export async function choose(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  await showFilters(page);
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/** The Filters control a listing page's filters fold behind on a phone (hidden on wider screens). */
export const filtersControl = (page: Page) => page.locator('main details > summary', { hasText: 'Filters' });

/** On a phone, unfolds the listing's filters; elsewhere they are shown already. */
export async function showFilters(page: Page): Promise<void> {
  const control = filtersControl(page);
  if ((await control.isVisible()) && !(await page.locator('main details:has(> summary)[open]').count()))
    await control.click();
}

/** Moving the held clock past 3 s opens the enquiry pop-up; this closes it again. */
export async function closeEnquiryPopup(page: Page): Promise<void> {
  if (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

/** The value, or a failed test naming what was missing: the data a test relies on must be there. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} in the data.`);
  return value;
}
