/**
 * The sanitised drawing of an SVG file (sanitise-svg.ts), kept in the picture encoder's cache so
 * that a build whose drawings were all cleaned before needs no DOM: jsdom alone takes most of a
 * second to load, in every publish.
 *
 * An entry is named by the file's bytes and by everything the sanitiser's answer depends on (its
 * code, DOMPurify's and jsdom's), so a stricter sanitiser cleans every drawing again rather than
 * reuse what a laxer one let through. An entry is found by a digest of the file's content, never
 * by a name staff choose, so no upload can stand for another's entry. The cache is trusted as the
 * encoded pictures beside it are, which are published as they are found there: it lives with the
 * code (node_modules/.cache), and whoever can write it can write the sanitiser.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../project-root';

let fingerprint: Promise<string> | undefined;

/** A digest of what the sanitiser's answer depends on besides the drawing. */
function sanitiserFingerprint(): Promise<string> {
  fingerprint ??= Promise.all(
    [
      // By its place in the project: compiled (compile-prerender.ts), this module is elsewhere.
      join(PROJECT_ROOT, 'pipeline/images/sanitise-svg.ts'),
      // DOMPurify exports no package.json: the module it runs stands for its version.
      fileURLToPath(import.meta.resolve('dompurify')),
      createRequire(import.meta.url).resolve('jsdom/package.json'),
    ].map((file) => readFile(file)),
  ).then((parts) => {
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part).update('\0');
    return hash.digest('hex');
  });
  return fingerprint;
}

/**
 * The SVG `bytes` hold with everything that could run or load removed, or null when no drawing is
 * left (sanitiseSvg). With `cacheDir`, a drawing cleaned before is read from there.
 */
export async function cleanSvg(bytes: Buffer, cacheDir?: string): Promise<string | null> {
  const entry =
    cacheDir === undefined
      ? undefined
      : join(
          cacheDir,
          'svg',
          `${createHash('sha256')
            .update(await sanitiserFingerprint())
            .update(bytes)
            .digest('hex')}.svg`,
        );
  if (entry !== undefined) {
    const cached = await readFile(entry, 'utf8').catch(() => null);
    if (cached !== null) return cached;
  }
  // Loaded with the first drawing not cleaned before: the DOM it cleans in costs a second.
  const { sanitiseSvg } = await import('./sanitise-svg');
  const clean = sanitiseSvg(bytes.toString('utf8'));
  if (entry !== undefined && clean !== null) {
    // Renamed into place: a build reading the entry meanwhile finds it whole or not at all.
    const temporary = `${entry}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(dirname(entry), { recursive: true });
      await writeFile(temporary, clean);
      await rename(temporary, entry);
    } catch {
      // The drawing is clean all the same: the next build cleans it again.
      await rm(temporary, { force: true });
    }
  }
  return clean;
}
