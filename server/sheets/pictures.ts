/**
 * A picture uploaded into sheets/images, checked as the build checks it (read
 * by sharp, an SVG sanitised the way it is published) and against its name:
 * a .jpg must be a JPEG.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { readImageAssets, unreadableImageProblems } from '../../pipeline/sheets/images';
import { PICTURE_FOLDERS } from '../../src/schema/staff-sheets';

import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, MAX_SVG_BYTES } from './upload-limits';

export { MAX_PICTURE_BYTES } from './upload-limits';

/** The format sharp reads from a file's bytes, by the ending its name must have. */
const FORMATS: Readonly<Record<string, { format: string; label: string }>> = {
  jpg: { format: 'jpeg', label: 'a JPEG' },
  jpeg: { format: 'jpeg', label: 'a JPEG' },
  png: { format: 'png', label: 'a PNG' },
  webp: { format: 'webp', label: 'a WebP' },
  avif: { format: 'heif', label: 'an AVIF' },
  svg: { format: 'svg', label: 'an SVG' },
};

const LABELS: Readonly<Record<string, string>> = {
  jpeg: 'a JPEG',
  png: 'a PNG',
  webp: 'a WebP',
  heif: 'an AVIF or HEIC',
  svg: 'an SVG',
  gif: 'a GIF',
  tiff: 'a TIFF',
};

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const SUBFOLDER = /^[a-z0-9][a-z0-9_-]*$/;

type Refused = { refusal: { code: string; message: string } };

const pictureRefusal = {
  folder: (folder: string) => ({
    code: 'picture-folder',
    message: `"${folder}" is not a folder of sheets/images. Pictures go in ${PICTURE_FOLDERS.join(', ')}, or a folder of lower-case letters, digits and dashes inside one of them (projects/joy-district).`,
  }),
  name: (name: string) => ({
    code: 'picture-name',
    message: `"${name}" cannot be a picture's name. Use letters, digits, dashes and dots only, no spaces, ending in .jpg, .png, .webp, .avif or .svg, such as ${name.replace(/\s+/g, '-').replace(/[^A-Za-z0-9._-]/g, '') || 'joy-district-1.jpg'}.`,
  }),
  empty: (name: string) => ({ code: 'empty', message: `"${name}" is empty: there is no picture in it.` }),
  tooLarge: (name: string, bytes: number) => ({
    code: 'too-large',
    message: `"${name}" is ${(bytes / 1024 / 1024).toFixed(0)} MB; a picture can be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB. Save it smaller (2,400 pixels wide is plenty) and upload again.`,
  }),
  tooManyPixels: (name: string, width: number, height: number) => ({
    code: 'too-many-pixels',
    message: `"${name}" is ${width.toLocaleString('en-IN')} × ${height.toLocaleString('en-IN')} pixels (${Math.round((width * height) / 1e6)} megapixels); a picture can have at most ${MAX_PICTURE_PIXELS / 1e6} megapixels. Save it smaller (2,400 pixels wide is plenty) and upload again.`,
  }),
  svgTooLarge: (name: string, bytes: number) => ({
    code: 'too-large',
    message: `"${name}" is ${(bytes / 1024).toFixed(0)} KB; an SVG can be at most ${MAX_SVG_BYTES / 1024} KB (a logo takes a few). Export it again as a plain SVG, or save it as PNG, and upload again.`,
  }),
  notItsName: (name: string, expected: string, found: string) => ({
    code: 'not-what-its-name-says',
    message: `"${name}" is named as ${expected} picture, but it is ${found} picture. Save it as ${expected}, or name it with the ending of what it is, and upload again.`,
  }),
  unreadable: (message: string) => ({ code: 'picture-unreadable', message }),
};

export interface CheckedPicture {
  /** Relative to sheets/images. */
  readonly path: string;
  readonly width: number;
  readonly height: number;
}

function picturePath(folder: string, name: string): string | Refused {
  const parts = folder.split('/').filter((part) => part !== '');
  const [top, ...sub] = parts;
  if (top === undefined || !(PICTURE_FOLDERS as readonly string[]).includes(top) || !sub.every((part) => SUBFOLDER.test(part))) {
    return { refusal: pictureRefusal.folder(folder) };
  }
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (!NAME.test(name) || FORMATS[extension] === undefined) return { refusal: pictureRefusal.name(name) };
  return [...parts, name].join('/');
}

export async function checkPicture(folder: string, name: string, bytes: Uint8Array): Promise<CheckedPicture | Refused> {
  const path = picturePath(folder, name);
  if (typeof path !== 'string') return path;
  if (bytes.length === 0) return { refusal: pictureRefusal.empty(name) };
  if (bytes.length > MAX_PICTURE_BYTES) return { refusal: pictureRefusal.tooLarge(name, bytes.length) };
  // An SVG is sanitised on the service's own thread: a large one would hold up everyone.
  if (path.endsWith('.svg') && bytes.length > MAX_SVG_BYTES) return { refusal: pictureRefusal.svgTooLarge(name, bytes.length) };
  // sharp reads the size from the file's header, in its own threads, without decoding the pixels.
  const header = await sharp(bytes).metadata().catch(() => null);
  if (header !== null && header.format !== 'svg' && header.width * header.height > MAX_PICTURE_PIXELS) {
    return { refusal: pictureRefusal.tooManyPixels(name, header.width, header.height) };
  }
  // Read as the build reads a picture a sheet names: same decoder, same SVG sanitising, same words.
  const dir = await mkdtemp(join(tmpdir(), 'picture-check-'));
  try {
    await writeFile(join(dir, name), bytes);
    const { assets, unreadable } = await readImageAssets(dir, [name]);
    const asset = assets[name];
    if (asset === undefined) {
      const [problem] = unreadableImageProblems([{ path: name, place: { sheet: path, row: null } }], unreadable);
      return { refusal: pictureRefusal.unreadable((problem?.message ?? '').replace(`"${name}"`, `"${path}"`)) };
    }
    const expected = FORMATS[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];
    const found = String(header?.format);
    if (expected !== undefined && found !== expected.format) {
      return { refusal: pictureRefusal.notItsName(name, expected.label, LABELS[found] ?? `a ${found.toUpperCase()}`) };
    }
    return { path, width: asset.width, height: asset.height };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
