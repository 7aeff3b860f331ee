/**
 * The site's two faces, cut down to what its pages draw and written, with their @font-face
 * rules, to src/generated/fonts/ before Vite reads the entry's styles.
 *
 * Both are preloaded on every page, so on a slow line their size delays the first paint and
 * the lead picture. Inter's weight axis runs from 100 to 900, and the styles use 400 to 700:
 * keeping only that part takes it from 48 to 31 kB. Cormorant, cut again to the same characters
 * by HarfBuzz, goes from 23 to 21 kB.
 *
 * The copy is English: a character outside Latin (the rupee sign ₹ among them) is drawn by the
 * fallback faces, so no page downloads the extended sets for one symbol.
 *
 * Subsetting Inter costs seconds of CPU, so results are kept in node_modules/.cache/site-fonts,
 * keyed by the source file and the settings.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import type { Face } from '../src/app/fonts';
import { FACES, LATIN, charactersOf, fontSource } from '../src/app/fonts';
import { writeFileAtomic } from './sheets/write-atomic';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

function fontFaceRule(face: Face): string {
  return `@font-face {
  font-family: '${face.family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${face.weight};
  src: ${fontSource(face, `./${face.file}`)};
  unicode-range: ${LATIN};
}
`;
}

async function subsetFace(face: Face, cacheDir: string): Promise<Buffer> {
  const source = await readFile(require.resolve(face.source));
  const { version } = require('subset-font/package.json') as { version: string };
  const settings = JSON.stringify({ range: LATIN, axes: face.axes, version });
  const key = createHash('sha256').update(source).update(settings).digest('hex').slice(0, 24);
  const cached = join(cacheDir, `${key}.woff2`);
  const hit = await readFile(cached).catch(() => null);
  if (hit) return hit;
  const font = await subsetFont(source, charactersOf(LATIN), {
    targetFormat: 'woff2',
    variationAxes: face.axes,
  });
  await writeFileAtomic(cached, font);
  return font;
}

/** Writes every face and fonts.css into `outDir`, leaving files that are already right untouched. */
export async function writeFonts(
  outDir = join(root, 'src/generated/fonts'),
  cacheDir = join(root, 'node_modules/.cache/site-fonts'),
): Promise<void> {
  // A dev server and a test run may write at once: each file appears whole or not at all.
  const writeIfChanged = async (file: string, content: Buffer | string) => {
    const current = await readFile(join(outDir, file)).catch(() => null);
    if (!current?.equals(Buffer.from(content))) await writeFileAtomic(join(outDir, file), content);
  };
  for (const face of FACES) await writeIfChanged(face.file, await subsetFace(face, cacheDir));
  await writeIfChanged('fonts.css', FACES.map(fontFaceRule).join('\n'));
}

/** Makes sure the fonts are written before any build or dev server reads the styles. */
export function fontsPlugin(): Plugin {
  return { name: 'brokerage:fonts', buildStart: () => writeFonts() };
}
