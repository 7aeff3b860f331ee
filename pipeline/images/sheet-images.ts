/**
 * The image build as the sheets pipeline calls it (pipeline/sheets/images.ts
 * defines the shapes): `readImageAssets` describes the pictures without
 * encoding them, so checking the sheets stays quick; `writeImageFiles` writes
 * the files once the data is valid.
 */
import type { ImageAssets } from '../sheets/images';
import type { BuildImagesResult } from './build-images';
import { buildImages, describeImages } from './build-images';

/** Pixel sizes and public names of the given pictures (paths relative to `imagesDir`); drop-in for the sheets pipeline's own. */
export async function readImageAssets(imagesDir: string, paths: Iterable<string>): Promise<ImageAssets> {
  const { images, failures } = await describeImages({ imagesDir, sources: paths });
  return { assets: images, unreadable: new Map(failures.map((failure) => [failure.src, failure.message])) };
}

/** Encodes (or takes from the cache) the files of every picture the site data names, into public/media. */
export async function writeImageFiles(
  imagesDir: string,
  paths: Iterable<string>,
): Promise<BuildImagesResult> {
  return buildImages({ imagesDir, sources: paths });
}
