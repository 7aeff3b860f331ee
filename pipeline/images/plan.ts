/**
 * What the image build makes of one source picture: which widths and formats,
 * under which public names. Pure functions, so the pipeline can describe an
 * image (for the data JSON) without encoding it, and the encoder writes exactly
 * the files described.
 */
import { createHash } from 'node:crypto';
import type { ImageAsset } from '../../src/schema/site';

/** Encoder settings. Changing any of them changes every file name, so caches and browsers never mix versions. */
export const IMAGE_SETTINGS = {
  /** Widths of the responsive versions, capped at the source's width (the source width is then the widest). */
  widths: [400, 800, 1200, 1600],
  /**
   * Effort 1 of 9: a cold build of every picture stays fast on a 2-core CI
   * machine. Measured on the sheets' pictures: half the CPU of effort 2 for
   * files about 10 % larger; effort 4 (the default) costs ten times as much.
   * 4:2:0 chroma, as the JPEG sources already are, saves a further 10–20 %.
   */
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  /** The fallback serves link previews and browsers without AVIF/WebP; mozjpeg would cost 4× the CPU for 10 % less. */
  jpeg: { quality: 80, progressive: true },
  png: { compressionLevel: 9, effort: 7 },
  /** Bumped when the encoding code changes in a way the settings above do not show. */
  revision: 1,
} as const;

type VariantFormat = ImageAsset['variants'][number]['format'];
type FallbackFormat = 'jpeg' | 'png' | 'svg';

/** What the build needs to know of a source file. */
export interface SourceInfo {
  /** Path as written in the sheet, relative to sheets/images. */
  src: string;
  /** SHA-256 of the file's bytes. */
  contentHash: string;
  /** Pixel size as displayed, EXIF rotation applied. */
  width: number;
  height: number;
  kind: 'svg' | 'raster';
  /** Whether the picture has transparency, which decides a PNG rather than a JPEG fallback. */
  hasAlpha: boolean;
}

/** One file the build writes: its name in the cache entry and its public URL. */
export interface PlannedFile {
  /** File name inside the image's cache entry, e.g. "800.avif" or "fallback.jpg". */
  cacheName: string;
  /** Public URL, e.g. /media/projects/dom/hero-1a2b3c4d-800.avif. */
  url: string;
  format: VariantFormat | FallbackFormat;
  width: number;
  height: number;
}

export interface ImagePlan {
  asset: ImageAsset;
  /** Key of the cache entry: the content plus the settings that produced the files. */
  cacheKey: string;
  files: PlannedFile[];
}

const SETTINGS_FINGERPRINT = JSON.stringify(IMAGE_SETTINGS);

const EXTENSION: Record<VariantFormat | FallbackFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
  svg: 'svg',
};

/**
 * Widths to generate for a source this wide, narrowest first. A step within
 * 20 % of the widest would cost a file and save a browser almost nothing.
 */
export function variantWidths(sourceWidth: number): number[] {
  const widest = Math.min(sourceWidth, Math.max(...IMAGE_SETTINGS.widths));
  return [...IMAGE_SETTINGS.widths.filter((w) => w <= widest * 0.8), widest];
}

/** Height of a resize to `width`, rounded the way libvips rounds it. */
export function scaledHeight(source: { width: number; height: number }, width: number): number {
  return width === source.width
    ? source.height
    : Math.max(1, Math.round((source.height * width) / source.width));
}

/**
 * A segment of a public file name: lower case letters, digits, dot, dash and
 * underscore only, so URLs need no escaping (srcset splits on spaces) and
 * case-insensitive file systems cannot confuse two names.
 */
function slug(segment: string): string {
  const cleaned = segment
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return cleaned === '' ? 'image' : cleaned;
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The files and the `ImageAsset` of one source picture. */
export function planImage(source: SourceInfo): ImagePlan {
  const cacheKey = createHash('sha256')
    .update(source.contentHash)
    .update(SETTINGS_FINGERPRINT)
    .digest('hex')
    .slice(0, 32);
  const parts = source.src.split('/');
  const fileName = parts.pop() ?? source.src;
  const stem = slug(fileName.replace(/\.[^.]+$/, ''));
  const base = `/media/${[...parts.map(slug), stem].join('/')}-${cacheKey.slice(0, 8)}`;

  if (source.kind === 'svg') {
    const file: PlannedFile = {
      cacheName: 'image.svg',
      url: `${base}.svg`,
      format: 'svg',
      width: source.width,
      height: source.height,
    };
    return {
      cacheKey,
      files: [file],
      asset: { src: source.src, width: source.width, height: source.height, url: file.url, variants: [] },
    };
  }

  const widths = variantWidths(source.width);
  const variants: PlannedFile[] = (['avif', 'webp'] as const).flatMap((format) =>
    widths.map((width) => ({
      cacheName: `${width}.${EXTENSION[format]}`,
      url: `${base}-${width}.${EXTENSION[format]}`,
      format,
      width,
      height: scaledHeight(source, width),
    })),
  );
  const fallbackFormat: FallbackFormat = source.hasAlpha ? 'png' : 'jpeg';
  const widest = widths[widths.length - 1] ?? source.width;
  const fallback: PlannedFile = {
    cacheName: `fallback.${EXTENSION[fallbackFormat]}`,
    url: `${base}.${EXTENSION[fallbackFormat]}`,
    format: fallbackFormat,
    width: widest,
    height: scaledHeight(source, widest),
  };
  // Variants are listed by format, then narrowest to widest: the order <picture> sources and srcset want.
  return {
    cacheKey,
    files: [...variants, fallback],
    asset: {
      src: source.src,
      width: fallback.width,
      height: fallback.height,
      url: fallback.url,
      variants: variants.map(({ format, width, url }) => ({ format: format as VariantFormat, width, url })),
    },
  };
}
