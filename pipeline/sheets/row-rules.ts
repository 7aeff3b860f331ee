/** Rules between the cells of one row. */
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

export function checkRows(tables: Tables, problems: Problem[]): void {
  checkVideoStills(tables.projects, problems);
  checkRentPerSqft(tables.preRented, problems);
}
