/**
 * The cells of all sheets that name pictures: checks that each file exists and
 * can be read, and describes each distinct picture once, however many rows
 * name it (100,000 records may share a few photos).
 */
import type { ImageAsset } from '../../src/schema/site';
import {
  checkImageFiles,
  readImageAssets,
  unreadableImageProblems,
  type ImageReference,
} from './images';
import type { Problem } from './problem';
import { TABLE_NAMES, type ValidatedSheets } from './tables';
import { cellPlace } from './validate-table';

/** Every picture path named by a converted cell, once. */
function namedPaths({ settings, tables }: ValidatedSheets): Set<string> {
  const paths = new Set<string>();
  for (const field of settings.imageFields) {
    const path = (settings.values as Record<string, unknown>)[field];
    if (typeof path === 'string') paths.add(path);
  }
  for (const name of TABLE_NAMES) {
    const table = tables[name];
    for (const row of table.rows) {
      for (const field of table.imageFields) {
        const path = (row.data as Record<string, unknown>)[field];
        if (typeof path === 'string') paths.add(path);
      }
    }
  }
  return paths;
}

/** The cells naming one of `paths`, with their places: only needed for the few paths with a problem. */
function references(
  { settings, tables }: ValidatedSheets,
  paths: ReadonlySet<string>,
): ImageReference[] {
  const found: ImageReference[] = [];
  if (paths.size === 0) return found;
  for (const field of settings.imageFields) {
    const path = (settings.values as Record<string, unknown>)[field];
    const place = settings.places.get(field);
    if (typeof path === 'string' && place !== undefined && paths.has(path)) found.push({ path, place });
  }
  for (const name of TABLE_NAMES) {
    const table = tables[name];
    for (const row of table.rows) {
      for (const field of table.imageFields) {
        const path = (row.data as Record<string, unknown>)[field];
        if (typeof path === 'string' && paths.has(path)) found.push({ path, place: cellPlace(table, row, field) });
      }
    }
  }
  return found;
}

/** Reports missing and unreadable pictures; returns the pixel sizes of the others. */
export async function checkPictures(
  sheets: ValidatedSheets,
  imagesDir: string,
  files: ReadonlySet<string>,
  problems: Problem[],
): Promise<Record<string, ImageAsset>> {
  const named = namedPaths(sheets);
  const missing = new Set([...named].filter((path) => !files.has(path)));
  checkImageFiles(references(sheets, missing), files, problems);
  const { assets, unreadable } = await readImageAssets(
    imagesDir,
    [...named].filter((path) => !missing.has(path)),
  );
  problems.push(...unreadableImageProblems(references(sheets, new Set(unreadable.keys())), unreadable));
  return assets;
}
