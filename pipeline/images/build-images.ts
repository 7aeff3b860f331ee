/**
 * Turns every picture the sheets name into responsive AVIF and WebP files at
 * several widths plus a JPEG (or PNG) fallback, under public/media/, and
 * returns the `ImageAsset` of each for the site data. SVGs are sanitised (sanitise-svg.ts), not encoded.
 *
 * Incremental: each picture's files are cached in node_modules/.cache/site-images
 * under a key made of its content and the encoder settings, so a rebuild only
 * encodes pictures that changed; public/media/ is then brought in line with the
 * sheets (files no sheet names any more are removed).
 *
 *   npx tsx pipeline/images/build-images.ts [--sheets DIR] [--public DIR] [--cache DIR] [--concurrency N]
 *
 * Without the data pipeline the command line converts every picture under
 * <sheets>/images; the data build passes exactly the pictures the sheets name.
 */
import { availableParallelism } from 'node:os';
import { copyFile, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImageAsset } from '../../src/schema/site';
import { PROJECT_ROOT } from '../project-root';
import type { Source } from './encode';
import { ensureEncoded, readSource } from './encode';
import type { ImagePlan } from './plan';
import { planImage } from './plan';
import type { ImageProgress } from './progress';
import { progressLines } from './progress';

export const DEFAULT_CACHE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/site-images');
export const DEFAULT_PUBLIC_DIR = join(PROJECT_ROOT, 'public');

/** A picture that could not be used, with a sentence for the sales person. */
export interface ImageFailure {
  /** Path as written in the sheet. */
  src: string;
  message: string;
}

export interface DescribeImagesOptions {
  /** Folder the sheets' picture paths are relative to (sheets/images). */
  imagesDir: string;
  /** Paths as written in the sheets. */
  sources: Iterable<string>;
  /** Pictures read at once; 2 suits a 2-core machine. */
  concurrency?: number;
}

export interface BuildImagesOptions extends DescribeImagesOptions {
  /** Vite's public folder; files are written under its media/ folder. */
  publicDir?: string;
  cacheDir?: string;
  /** Told after each picture how far the build has come. */
  onProgress?: (progress: ImageProgress) => void;
}

export interface DescribeImagesResult {
  images: Record<string, ImageAsset>;
  failures: ImageFailure[];
}

export interface BuildImagesResult extends DescribeImagesResult {
  /** Pictures encoded in this run (the rest came from the cache). */
  encoded: number;
  reused: number;
  /** Files written to or removed from public/media. */
  published: number;
  removed: number;
  seconds: number;
}

const defaultConcurrency = () => Math.max(1, Math.min(2, availableParallelism()));

/** Runs `work` on every item with at most `limit` at once, keeping the input order in the results. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type Outcome = { src: string; source: Source; plan: ImagePlan } | { src: string; failure: string };

async function readAndPlan(imagesDir: string, src: string, cacheDir?: string): Promise<Outcome> {
  try {
    const source = await readSource(imagesDir, src, cacheDir);
    return { src, source, plan: planImage(source.info) };
  } catch (error) {
    return { src, failure: error instanceof Error ? error.message : String(error) };
  }
}

function collect(outcomes: Outcome[]): DescribeImagesResult {
  const images: Record<string, ImageAsset> = {};
  const failures: ImageFailure[] = [];
  for (const outcome of outcomes) {
    if ('failure' in outcome) failures.push({ src: outcome.src, message: outcome.failure });
    else images[outcome.src] = outcome.plan.asset;
  }
  return { images, failures };
}

/**
 * The `ImageAsset` of every picture without encoding anything: sizes and the
 * names the files will have. For checks that need no files (check-sheets).
 */
export async function describeImages(options: DescribeImagesOptions): Promise<DescribeImagesResult> {
  const { imagesDir } = options;
  const unique = [...new Set(options.sources)];
  return collect(
    await mapLimited(unique, options.concurrency ?? defaultConcurrency(), (src) =>
      readAndPlan(imagesDir, src),
    ),
  );
}

async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function removeEmptyFolders(dir: string, keep: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyFolders(join(dir, entry.name), keep);
  if (dir !== keep) await rmdir(dir).catch(() => undefined);
}

/**
 * Copies the cached files of one picture into public/media that are not among `present` (its
 * files when the build began); names carry the content hash, so an existing file is already right.
 */
async function publish(
  cacheDir: string,
  publicDir: string,
  plan: ImagePlan,
  present: ReadonlySet<string>,
): Promise<number> {
  let written = 0;
  for (const file of plan.files) {
    const target = join(publicDir, ...file.url.split('/'));
    if (present.has(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.tmp-${process.pid}`;
    await copyFile(join(cacheDir, plan.cacheKey, file.cacheName), temporary);
    await rename(temporary, target);
    written++;
  }
  return written;
}

/** Encodes (or takes from the cache) every picture and lays out public/media to match. */
export async function buildImages(options: BuildImagesOptions): Promise<BuildImagesResult> {
  const started = performance.now();
  const publicDir = options.publicDir ?? DEFAULT_PUBLIC_DIR;
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const { imagesDir } = options;
  await mkdir(cacheDir, { recursive: true });

  let encoded = 0;
  let published = 0;
  let done = 0;
  const sources = [...new Set(options.sources)];
  const mediaDir = join(publicDir, 'media');
  // Listed once: a large site's thousands of files, asked after one by one, took longer.
  const present = new Set(await listFiles(mediaDir));
  const prepare = async (src: string): Promise<Outcome> => {
    const outcome = await readAndPlan(imagesDir, src, cacheDir);
    if ('failure' in outcome) return outcome;
    try {
      if (await ensureEncoded(cacheDir, outcome.source, outcome.plan)) encoded++;
      // Added once it is known: `published += await …` would add to the count read before the wait.
      const written = await publish(cacheDir, publicDir, outcome.plan, present);
      published += written;
      return outcome;
    } catch (error) {
      return { src, failure: error instanceof Error ? error.message : String(error) };
    }
  };
  const outcomes = await mapLimited(sources, options.concurrency ?? defaultConcurrency(), async (src) => {
    const outcome = await prepare(src);
    done++;
    options.onProgress?.({ done, total: sources.length, encoded });
    return outcome;
  });
  const result = collect(outcomes);

  const wanted = new Set(
    outcomes.flatMap((o) =>
      'plan' in o ? o.plan.files.map((f) => join(publicDir, ...f.url.split('/'))) : [],
    ),
  );
  let removed = 0;
  for (const file of present) {
    if (wanted.has(file) || !file.startsWith(mediaDir + sep)) continue;
    await rm(file, { force: true });
    removed++;
  }
  // Only a removal empties a folder: without one, reading every folder finds none.
  if (removed > 0) await removeEmptyFolders(mediaDir, mediaDir);

  const succeeded = Object.keys(result.images).length;
  return {
    ...result,
    encoded,
    reused: succeeded - encoded,
    published,
    removed,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Every picture file under a folder, as sheet paths (forward slashes, relative to it). */
export async function picturesUnder(imagesDir: string): Promise<string[]> {
  const files = await listFiles(imagesDir);
  return files
    .map((file) => relative(imagesDir, file).split(sep).join('/'))
    .filter((path) => /\.(jpe?g|png|webp|avif|svg)$/i.test(path))
    .sort();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sheets: { type: 'string', default: process.env.SHEETS_DIR ?? join(PROJECT_ROOT, 'sheets') },
      public: { type: 'string', default: DEFAULT_PUBLIC_DIR },
      cache: { type: 'string', default: DEFAULT_CACHE_DIR },
      concurrency: { type: 'string' },
    },
  });
  const imagesDir = join(resolve(values.sheets), 'images');
  const sources = await picturesUnder(imagesDir);
  const result = await buildImages({
    imagesDir,
    sources,
    publicDir: resolve(values.public),
    cacheDir: resolve(values.cache),
    onProgress: progressLines((line) => console.error(line)),
    ...(values.concurrency === undefined ? {} : { concurrency: Number(values.concurrency) }),
  });
  for (const failure of result.failures) console.error(failure.message);
  const files = Object.values(result.images).reduce((n, image) => n + image.variants.length + 1, 0);
  console.log(
    `Images: ${sources.length} pictures → ${files} files in ${relative(process.cwd(), join(resolve(values.public), 'media')) || '.'} ` +
      `(encoded ${result.encoded}, from cache ${result.reused}; ${result.published} files written, ${result.removed} removed) ` +
      `in ${result.seconds.toFixed(2)} s.`,
  );
  if (result.failures.length > 0) process.exit(1);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
