/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each of the code's
 * text files (the scripts and styles under `assets/`), at brotli's best,
 * quality 11: few, made once a release, fetched by every visitor. `npm run
 * build` runs it beside the pre-render, which keeps both cores busy but for
 * its start and its end, and which then compresses the files with no copies
 * yet (`onlyNew`): the styles it cut for each route.
 *
 * What the sheets make (pages, their data files, the sitemap) numbers two
 * files a record and more, and every publish makes it again, while most of it
 * is asked for rarely: a 10,000-record site's copies took a minute of both
 * cores. The service compresses those when a browser first asks for them and
 * keeps the copies in memory (`server/static/compress-on-demand.ts`), as nginx
 * does with `gzip` beside `gzip_static`, with `compressedCopy` below: brotli
 * quality 6, about 2 ms a page, for a copy 9% larger than quality 11's (80 ms).
 * A page that quality 6 leaves just over the first round trip of a slow line,
 * where quality 11 may bring it under (the home page), gets `betterCopy` next.
 *
 *   SITE_OUT=/abs/dist npx tsx pipeline/compress.ts      (default dist/)
 */
import { link, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PAYLOAD_FOLDER } from '../src/app/payload';

const TEXT = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli's quality for what the sheets make. */
export const CONTENT_QUALITY = 6;

/**
 * A page's bytes that arrive in the first round trip of a new connection: TCP's first window of
 * ten 1,460-byte segments, less about 1.6 KB of response headers (the content policy is 1 KB).
 */
export const FIRST_ROUND_TRIP = 13_000;

/** Quality 11 writes pages up to 9% smaller than quality 6 (the site's own, measured): 15% is to spare. */
const BEST_GAIN = 0.15;

const CODE_FOLDER = `assets${sep}`;
const PAYLOADS = PAYLOAD_FOLDER.slice(1).split('/').join(sep);

/** Whether a file, by its path inside the site, is the code's (scripts, styles) rather than the sheets'. */
const isCode = (path: string) => path.startsWith(CODE_FOLDER) && !path.startsWith(PAYLOADS);

const brotliAt = (data: Buffer, quality: number) =>
  brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });

/** Whether the file at `path` is text, which the site sends compressed. */
export const compressible = (path: string) => TEXT.has(extname(path).toLowerCase());

/** The encodings the site sends, the browser's first choice first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The copy in `encoding` of `data`, the file at `path` inside the site, to send at once: brotli's
 * best for the code's files, quality 6 for the rest; gzip at its best, which takes about 1 ms.
 */
export function compressedCopy(path: string, data: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(data, { level: constants.Z_BEST_COMPRESSION });
  return brotliAt(data, isCode(path) ? constants.BROTLI_MAX_QUALITY : CONTENT_QUALITY);
}

/** Whether a page's quality-6 copy (`quick`) is just over the first round trip, where quality 11 may bring it under. */
export const mightFitBetter = (path: string, quick: Buffer) =>
  extname(path) === '.html' &&
  !isCode(path) &&
  quick.length > FIRST_ROUND_TRIP &&
  quick.length * (1 - BEST_GAIN) <= FIRST_ROUND_TRIP;

/**
 * A smaller brotli copy of a page that `mightFitBetter`; null for any other file, or when quality
 * 11 does no better. It takes a page of the listings 100 to 400 ms: the service sends `quick` meanwhile.
 */
export async function betterCopy(path: string, data: Buffer, quick: Buffer): Promise<Buffer | null> {
  if (!mightFitBetter(path, quick)) return null;
  const best = await brotliAt(data, constants.BROTLI_MAX_QUALITY);
  return best.length < quick.length ? best : null;
}

async function replaceFile(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Whether two paths name one file: hard links of each other. */
async function sameFile(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  return left !== null && right !== null && left.ino === right.ino && left.dev === right.dev;
}

/**
 * Gives `file` the earlier build's compressed copies of the same bytes (`earlier`): a hard link
 * to each, unless it is one already. False when the earlier build has no copies of it.
 */
async function reuseCopies(file: string, earlier: string): Promise<boolean> {
  const linked = await Promise.all(
    ['br', 'gz'].map(
      async (kind) =>
        (await sameFile(`${earlier}.${kind}`, `${file}.${kind}`)) ||
        replaceWithLink(`${earlier}.${kind}`, `${file}.${kind}`),
    ),
  );
  return linked.every(Boolean);
}

/**
 * Puts a hard link to `source` at `target` by renaming it into place; false when `source` is
 * missing. Never called with `target` a link of `source` already: renaming one link of a file
 * over another does nothing, and would leave the temporary name behind.
 */
async function replaceWithLink(source: string, target: string): Promise<boolean> {
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await link(source, temporary);
  } catch {
    return false;
  }
  await rename(temporary, target);
  return true;
}

/**
 * Compresses one file, or reuses the earlier build's copies; true when it compressed. A file the
 * build linked from the earlier one (a publish links every page it did not render) is known to
 * be the same without reading it.
 */
async function compressFile(file: string, path: string, earlier: string | null): Promise<boolean> {
  if (earlier !== null && (await sameFile(file, earlier)) && (await reuseCopies(file, earlier))) return false;
  const data = await readFile(file);
  if (earlier !== null) {
    const before = await readFile(earlier).catch(() => null);
    if (before !== null && before.equals(data) && (await reuseCopies(file, earlier))) return false;
  }
  const [br, gz] = await Promise.all([compressedCopy(path, data, 'br'), compressedCopy(path, data, 'gzip')]);
  // Through a new file renamed into place: a copy may be served while this runs, and may be a
  // hard link into an earlier build that must not change.
  await Promise.all([replaceFile(`${file}.br`, br), replaceFile(`${file}.gz`, gz)]);
  return true;
}

/** How many of the code's text files a site has, and how many of them were compressed (not linked from an earlier build). */
export interface CompressResult {
  files: number;
  compressed: number;
}

/**
 * Writes the compressed copies of the code's text files under `root`; returns how many files it
 * covered and how many it compressed. With `reuseFrom`, a built site whose files share paths
 * with this one (the publisher's previous build), a file with the same bytes there takes its
 * copies as hard links: a content publish, which keeps the code, compresses nothing.
 */
export async function compressSite(
  root: string,
  reuseFrom?: string,
  { onlyNew = false } = {},
): Promise<CompressResult> {
  const code = join(root, CODE_FOLDER);
  const entries = await readdir(code, { recursive: true, withFileTypes: true }).catch(() => []);
  const names = new Set(entries.map((entry) => join(entry.parentPath, entry.name)));
  const files = entries
    .filter((entry) => entry.isFile() && compressible(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => isCode(relative(root, file)))
    // With `onlyNew`, a file with both its copies is taken to have been compressed as it is: names are by content.
    .filter((file) => !onlyNew || !names.has(`${file}.br`) || !names.has(`${file}.gz`));
  // zlib runs on libuv's thread pool: a few files at a time keep every core busy without holding all in memory.
  let compressed = 0;
  for (let start = 0; start < files.length; start += 16) {
    const done = await Promise.all(
      files.slice(start, start + 16).map((file) => {
        const path = relative(root, file);
        return compressFile(file, path, reuseFrom === undefined ? null : join(reuseFrom, path));
      }),
    );
    compressed += done.filter(Boolean).length;
  }
  return { files: files.length, compressed };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const root = resolve(process.env.SITE_OUT ?? 'dist');
  const started = performance.now();
  const { files: count } = await compressSite(root);
  console.log(
    `Compressed the code's ${count} files in ${root} (brotli and gzip) in ${Math.round(performance.now() - started)} ms.`,
  );
}
