/**
 * Pictures named by the sheets: that each file exists under sheets/images
 * (with the exact capital letters: the web server is case-sensitive even when
 * the sales person's computer is not), and each picture's pixel size.
 *
 * `readImageAssets` is the one place here that reads picture files; the
 * image build (`npm run data`) fills in `variants` later.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import type { ImageAsset } from '../../src/schema/site';
import { cleanSvg } from '../images/clean-svg';
import { KnownPictures } from '../images/known-pictures';
import { closest } from './did-you-mean';
import { problemAt, type Place, type Problem } from './problem';

/** One cell naming a picture. */
export interface ImageReference {
  readonly path: string;
  readonly place: Place;
}

/** Every file under `imagesDir`, as paths relative to it with "/" separators; empty when the folder is missing. */
export async function listImageFiles(imagesDir: string): Promise<Set<string>> {
  try {
    const entries = await readdir(imagesDir, { recursive: true, withFileTypes: true });
    return new Set(
      entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(imagesDir, join(entry.parentPath, entry.name)).split(sep).join('/')),
    );
  } catch {
    return new Set();
  }
}

const stem = (path: string) => (path.split('/').pop() ?? '').replace(/\.[^.]*$/, '').toLowerCase();
const folder = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * The file a missing path was probably meant to be: the same name in other
 * capitals, a near spelling, or a file in the same folder whose name starts
 * with the same word ("team/vikram.png" → "team/vikram-singh.jpg").
 */
function likelyFile(path: string, files: ReadonlySet<string>): { file: string; caseOnly: boolean } | null {
  const lower = path.toLowerCase();
  for (const file of files) if (file.toLowerCase() === lower) return { file, caseOnly: true };
  const near = closest(path, files);
  if (near !== null) return { file: near, caseOnly: false };
  const name = stem(path);
  for (const file of files) {
    if (name !== '' && folder(file) === folder(path) && stem(file).startsWith(name)) return { file, caseOnly: false };
  }
  return null;
}

/** Reports every reference to a file that is not there; looks each distinct path up once. */
export function checkImageFiles(references: readonly ImageReference[], files: ReadonlySet<string>, problems: Problem[]): void {
  const hints = new Map<string, string>();
  for (const { path, place } of references) {
    if (files.has(path)) continue;
    let hint = hints.get(path);
    if (hint === undefined) {
      const likely = likelyFile(path, files);
      hint =
        likely === null
          ? ' Put the picture in sheets/images under this name, or correct the name.'
          : likely.caseOnly
            ? ` The file is named "${likely.file}": capital letters must match exactly.`
            : ` Did you mean "${likely.file}"?`;
      hints.set(path, hint);
    }
    problems.push(problemAt(place, 'image-missing', `The picture "${path}" is not in sheets/images.${hint}`));
  }
}

export interface ImageAssets {
  readonly assets: Record<string, ImageAsset>;
  /** Paths that exist but cannot be read as pictures, with the reason. */
  readonly unreadable: ReadonlyMap<string, string>;
}

/** Why an SVG is refused: nothing is left to draw once it is sanitised (as the image build publishes it). */
const NO_DRAWING = 'no SVG drawing';

type PixelSize = { width: number; height: number };

/**
 * The sizes read (known-pictures.ts): each publish's sheet check asked sharp for every picture's
 * size again, 0.1 s and more of a one-cell publish.
 */
const sizes = new KnownPictures<PixelSize>();

async function readSize(imagesDir: string, src: string, cacheDir: string | undefined): Promise<PixelSize> {
  const identity = await sizes.identity(imagesDir, src);
  const known = identity === null ? undefined : sizes.get(identity);
  if (known !== undefined) return known;
  const file = join(imagesDir, src);
  if (file.toLowerCase().endsWith('.svg') && (await cleanSvg(await readFile(file), cacheDir)) === null)
    throw new Error(NO_DRAWING);
  const metadata = await sharp(file).metadata();
  // Phones store portrait photos sideways with an EXIF orientation; browsers show them turned.
  const size = { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
  if (identity !== null) sizes.set(identity, size);
  return size;
}

/** Pixel sizes of the given pictures (paths relative to `imagesDir`); SVGs sanitised before are found in `cacheDir`. */
export async function readImageAssets(
  imagesDir: string,
  paths: Iterable<string>,
  cacheDir?: string,
): Promise<ImageAssets> {
  const read = await Promise.all(
    [...new Set(paths)].map(async (src) => {
      try {
        return { src, size: await readSize(imagesDir, src, cacheDir) };
      } catch (error) {
        return { src, size: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  // In the order the sheets name them, not the order the reads end: the site data is the same from one run to the next.
  const assets: Record<string, ImageAsset> = {};
  const unreadable = new Map<string, string>();
  for (const { src, size } of read)
    if (typeof size === 'string') unreadable.set(src, size);
    else assets[src] = { src, ...size, url: `/media/${src}`, variants: [] };
  return { assets, unreadable };
}

export function unreadableImageProblems(
  references: readonly ImageReference[],
  unreadable: ReadonlyMap<string, string>,
): Problem[] {
  return references
    .filter((reference) => unreadable.has(reference.path))
    .map(({ path, place }) =>
      problemAt(
        place,
        'image-unreadable',
        unreadable.get(path) === NO_DRAWING
          ? `The picture "${path}" is an SVG with nothing left to draw once scripts and other active content are removed, as they are from every SVG the site publishes. Export the logo again as a plain SVG, or save it as PNG.`
          : `The picture "${path}" cannot be opened as an image (the file may be damaged or not really a ${path.split('.').pop()?.toUpperCase()}). Save it again as JPEG, PNG, WebP, AVIF or SVG.`,
      ),
    );
}
