/**
 * The site's faces: what each is cut from and which characters and weights it keeps
 * (see vite-plugin-fonts.ts, which writes them).
 */

/** Latin as @fontsource cuts it: the characters each face keeps, and its CSS unicode-range. */
export const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, ' +
  'U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

export interface Face {
  /** The @font-face family the tokens name. */
  family: string;
  /** Package path of the @fontsource file it is cut from. */
  source: string;
  /** Name of the written file; Vite adds a content hash. */
  file: string;
  /** The @font-face weight: one value, or the range a variable face covers. */
  weight: string;
  /** For a variable face, the part of its weight axis to keep. */
  axes?: Record<string, { min: number; max: number }>;
}

export const FACES: readonly Face[] = [
  {
    family: 'Inter Variable',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    file: 'inter-latin.woff2',
    weight: '400 700',
    axes: { wght: { min: 400, max: 700 } },
  },
  {
    family: 'Cormorant Garamond',
    source: '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2',
    file: 'cormorant-garamond-latin-600.woff2',
    weight: '600',
  },
];

/** The face's source at `url`, as @font-face and FontFace take it: the address and the format. */
export function fontSource(face: Face, url: string): string {
  return `url('${url}') format('${face.axes ? 'woff2-variations' : 'woff2'}')`;
}

/** Every character of a CSS unicode-range. */
export function charactersOf(range: string): string {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, '').split('-'))
    .flatMap(([from = '', to = from]) => {
      const first = parseInt(from, 16);
      return Array.from({ length: parseInt(to, 16) - first + 1 }, (_, i) => String.fromCodePoint(first + i));
    })
    .join('');
}

/**
 * A face as a page names it to its scripts (the boot script's `data-fonts`): a FontFace's
 * arguments. No unicode-range: the file holds only Latin, and a character it lacks falls back to
 * the next family all the same; the range would only lengthen every page.
 */
export interface WebFont {
  family: string;
  /** The FontFace source: the built file's address and format. */
  source: string;
  weight: string;
}

/** The face of `file` (a built font's address, named by Vite after FACES' `file`), or undefined for another file. */
export function webFontOf(url: string): WebFont | undefined {
  const name = url.slice(url.lastIndexOf('/') + 1);
  const face = FACES.find(({ file }) => name.startsWith(`${file.replace(/\.woff2$/, '')}-`));
  if (face === undefined) return undefined;
  return {
    family: face.family,
    source: fontSource(face, url),
    weight: face.weight,
  };
}
