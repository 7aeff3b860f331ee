/**
 * Reading a source picture and encoding its planned files into a cache entry.
 * An entry is a folder named by the cache key, complete or absent: files are
 * written to a temporary folder that is renamed into place when all are done,
 * so an interrupted or concurrent build never leaves half an entry.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { cleanSvg } from './clean-svg';
import type { ImagePlan, PlannedFile, SourceInfo } from './plan';
import { KnownPictures } from './known-pictures';
import { IMAGE_SETTINGS, hashBytes } from './plan';

export interface Source {
  info: SourceInfo;
  /** What is encoded (an SVG's cleaned drawing): read again only when the cache has no entry for it. */
  bytes: () => Promise<Buffer>;
}

/** What a build reads of a picture's measurements. */
type Measured = Pick<Metadata, 'format' | 'autoOrient' | 'hasAlpha'>;

/**
 * Measurements by the digest of the bytes measured, kept for the life of the process: the
 * publisher's build process reads every picture the sheets name at each publish, and asking sharp
 * to measure each again cost every one-cell change tens of milliseconds for nothing.
 */
const measured = new Map<string, Measured>();

async function measure(src: string, bytes: Buffer, digest: string): Promise<Measured> {
  const known = measured.get(digest);
  if (known !== undefined) return known;
  try {
    const { format, autoOrient, hasAlpha } = await sharp(bytes).metadata();
    const taken = { format, autoOrient, hasAlpha };
    measured.set(digest, taken);
    return taken;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `sheets/images/${src} is not a picture that can be read (${reason}). Save it again as JPEG, PNG or SVG.`,
    );
  }
}

const unreadable = (src: string) =>
  new Error(
    `sheets/images/${src} does not exist or cannot be opened. Check the file name, including capitals.`,
  );

/**
 * What was read of each picture (known-pictures.ts): reading and digesting every picture again
 * (9.5 MB) took a one-cell publish 0.1 s and more, where one look at each file takes a fraction.
 */
const known = new KnownPictures<SourceInfo>();

/**
 * Reads a picture under sheets/images and measures it; throws a message for the sales person when it cannot be read.
 * An SVG is sanitised first (see sanitise-svg.ts), or found sanitised in `cacheDir` (clean-svg.ts).
 */
export async function readSource(imagesDir: string, src: string, cacheDir?: string): Promise<Source> {
  const identity = await known.identity(imagesDir, src);
  if (identity === null) throw unreadable(src);
  const info = known.get(identity);
  if (info !== undefined)
    return {
      info,
      bytes: async () => {
        const again = await readAndMeasure(imagesDir, src, cacheDir);
        // Encoded under the digest read before: other bytes would be cached under a name not theirs.
        if (again.info.contentHash !== info.contentHash)
          throw new Error(`sheets/images/${src} changed while the site was built. Publish again.`);
        return again.bytes;
      },
    };
  const read = await readAndMeasure(imagesDir, src, cacheDir);
  known.set(identity, read.info);
  return { info: read.info, bytes: async () => read.bytes };
}

async function readAndMeasure(
  imagesDir: string,
  src: string,
  cacheDir?: string,
): Promise<{ info: SourceInfo; bytes: Buffer }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(imagesDir, src));
  } catch {
    throw unreadable(src);
  }
  const kind = extname(src).toLowerCase() === '.svg' ? 'svg' : 'raster';
  let contentHash = hashBytes(bytes);
  let metadata = await measure(src, bytes, contentHash);
  if ((kind === 'svg') !== (metadata.format === 'svg')) {
    throw new Error(
      `sheets/images/${src} is named .${extname(src).slice(1)} but holds ${metadata.format} data. Save it again with the right extension.`,
    );
  }
  if (kind === 'svg') {
    // What is published, measured and cached is the cleaned drawing, never the file as given.
    const clean = await cleanSvg(bytes, cacheDir);
    if (clean === null)
      throw new Error(
        `sheets/images/${src} holds no SVG drawing once scripts are removed. Save the logo again as SVG or PNG.`,
      );
    bytes = Buffer.from(clean);
    contentHash = hashBytes(bytes);
    metadata = await measure(src, bytes, contentHash);
  }
  const { width, height } = metadata.autoOrient;
  return {
    bytes,
    info: { src, contentHash, width, height, kind, hasAlpha: metadata.hasAlpha },
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function encodeFile(
  image: Sharp,
  source: SourceInfo,
  file: PlannedFile,
  target: string,
): Promise<void> {
  let pipeline = image.clone();
  if (file.width !== source.width) pipeline = pipeline.resize({ width: file.width });
  switch (file.format) {
    case 'avif':
      pipeline = pipeline.avif(IMAGE_SETTINGS.avif);
      break;
    case 'webp':
      pipeline = pipeline.webp(IMAGE_SETTINGS.webp);
      break;
    case 'jpeg':
      pipeline = pipeline.flatten({ background: 'white' }).jpeg(IMAGE_SETTINGS.jpeg);
      break;
    case 'png':
      pipeline = pipeline.png(IMAGE_SETTINGS.png);
      break;
    case 'svg':
      throw new Error('SVG files are copied, not encoded.');
  }
  const info = await pipeline.toFile(target);
  // The data JSON promised these sizes to every <img width height>; a mismatch would shift the layout.
  if (info.width !== file.width || info.height !== file.height) {
    throw new Error(
      `sheets/images/${source.src}: encoded ${file.cacheName} at ${info.width}×${info.height}, expected ${file.width}×${file.height}.`,
    );
  }
}

/**
 * Makes sure the cache entry of `plan` exists, encoding it when missing.
 * Returns whether it had to encode.
 */
export async function ensureEncoded(cacheDir: string, source: Source, plan: ImagePlan): Promise<boolean> {
  const entry = join(cacheDir, plan.cacheKey);
  if (await exists(join(entry, 'done.json'))) return false;
  const temporary = `${entry}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(temporary, { recursive: true });
  try {
    if (source.info.kind === 'svg') {
      await writeFile(join(temporary, 'image.svg'), await source.bytes());
    } else {
      const image = sharp(await source.bytes()).autoOrient();
      for (const file of plan.files)
        await encodeFile(image, source.info, file, join(temporary, file.cacheName));
    }
    await writeFile(
      join(temporary, 'done.json'),
      JSON.stringify({ src: source.info.src, files: plan.files.map((f) => f.cacheName) }),
    );
    await rename(temporary, entry);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    // Another build finished the same entry first: its files are identical.
    if (await exists(join(entry, 'done.json'))) return false;
    throw error;
  }
  return true;
}
