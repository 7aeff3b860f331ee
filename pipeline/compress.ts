/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of
 * the built site, at the highest levels, as static hosts and CDNs keep them:
 * the local server then sends the copy the browser accepts without
 * compressing anything while a visitor waits. Runs last in the build.
 *
 *   SITE_OUT=/abs/dist npx tsx pipeline/compress.ts      (default dist/)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

export async function compressSite(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name));
  // zlib runs on libuv's thread pool: a few files at a time keep every core busy without holding all in memory.
  for (let start = 0; start < files.length; start += 16)
    await Promise.all(files.slice(start, start + 16).map(compressFile));
  return files.length;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const root = resolve(process.env.SITE_OUT ?? 'dist');
  const started = performance.now();
  const count = await compressSite(root);
  console.log(
    `Compressed ${count} files in ${root} (brotli and gzip) in ${Math.round(performance.now() - started)} ms.`,
  );
}
