/**
 * The cells of all sheets that name pictures: checks that each file exists and
 * can be read, and describes each distinct picture once, however many rows
 * name it (100,000 records may share a few photos).
 */
import type { z } from 'zod';
import { pictureMinimum, SettingsSchema, SHEETS, type PictureSize } from '../../src/schema';
import type { ImageAsset } from '../../src/schema/site';
import {
  checkImageFiles,
  readImageAssets,
  unreadableImageProblems,
  type ImageReference,
} from './images';
import type { Place } from './problem';
import { problemAt, type Problem } from './problem';
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

const settingsShape = SettingsSchema.shape as Readonly<Record<string, z.ZodType>>;

/** The smallest size of the pictures of `field` in the sheet `name` (settings or a table), or null. */
function minimumOf(name: keyof typeof SHEETS, field: string): PictureSize | null {
  const shape = (name === 'settings' ? settingsShape : SHEETS[name].schema.shape) as Readonly<Record<string, z.ZodType>>;
  const schema = shape[field];
  return schema === undefined ? null : pictureMinimum(schema);
}

const tooSmall = ({ width, height }: ImageAsset, minimum: PictureSize) => width < minimum.width || height < minimum.height;

/**
 * Pictures smaller than the size they show at (sheets/README.md): one warning
 * per picture and column, at the first cell naming it, however many rows do.
 * Drawings (SVG) have no size to speak of.
 */
function checkPictureSizes({ settings, tables }: ValidatedSheets, assets: Record<string, ImageAsset>, problems: Problem[]): void {
  const warn = (asset: ImageAsset, minimum: PictureSize, place: Place, others: number) => {
    const needed = minimum.height === 0 ? `${minimum.width} pixels wide` : `${minimum.width} × ${minimum.height} pixels`;
    const also = others === 0 ? '' : ` (${others} more ${others === 1 ? 'row names' : 'rows name'} it here)`;
    problems.push(
      problemAt(
        place,
        'image-small',
        `The picture "${asset.src}" is ${asset.width} × ${asset.height} pixels; ${minimum.use} need at least ${needed} (sheets/README.md), or they show blurred${also}. Save a larger picture under the same name.`,
        'warning',
      ),
    );
  };
  for (const field of settings.imageFields) {
    const minimum = minimumOf('settings', field);
    const path = (settings.values as Record<string, unknown>)[field];
    const asset = typeof path === 'string' ? assets[path] : undefined;
    const place = settings.places.get(field);
    if (minimum !== null && asset !== undefined && place !== undefined && !isDrawing(asset) && tooSmall(asset, minimum)) warn(asset, minimum, place, 0);
  }
  for (const name of TABLE_NAMES) {
    const table = tables[name];
    for (const field of table.imageFields) {
      const minimum = minimumOf(name, field);
      if (minimum === null) continue;
      const first = new Map<string, { place: Place; others: number }>();
      for (const row of table.rows) {
        const path = (row.data as Record<string, unknown>)[field];
        const asset = typeof path === 'string' ? assets[path] : undefined;
        if (asset === undefined || isDrawing(asset) || !tooSmall(asset, minimum)) continue;
        const seen = first.get(asset.src);
        if (seen === undefined) first.set(asset.src, { place: cellPlace(table, row, field), others: 0 });
        else seen.others++;
      }
      for (const [src, { place, others }] of first) warn(assets[src] as ImageAsset, minimum, place, others);
    }
  }
}

const isDrawing = (asset: ImageAsset) => asset.src.toLowerCase().endsWith('.svg');

/**
 * Reports missing, unreadable and too small pictures; returns the pixel sizes of the others.
 * `cacheDir` is the picture encoder's cache, where drawings sanitised before are found.
 */
export async function checkPictures(
  sheets: ValidatedSheets,
  imagesDir: string,
  files: ReadonlySet<string>,
  problems: Problem[],
  cacheDir?: string,
): Promise<Record<string, ImageAsset>> {
  const named = namedPaths(sheets);
  const missing = new Set([...named].filter((path) => !files.has(path)));
  checkImageFiles(references(sheets, missing), files, problems);
  const { assets, unreadable } = await readImageAssets(
    imagesDir,
    [...named].filter((path) => !missing.has(path)),
    cacheDir,
  );
  problems.push(...unreadableImageProblems(references(sheets, new Set(unreadable.keys())), unreadable));
  checkPictureSizes(sheets, assets, problems);
  return assets;
}
