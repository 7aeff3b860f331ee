/**
 * The image build as the data command calls it: the files are written only
 * once the sheets are valid, so checking the sheets stays quick.
 */
import type { BuildImagesOptions, BuildImagesResult } from './build-images';
import { buildImages } from './build-images';

/**
 * Encodes (or takes from the cache) the files of every picture the site data names, into
 * public/media, telling `onProgress` how far it has come.
 */
export async function writeImageFiles(
  imagesDir: string,
  paths: Iterable<string>,
  onProgress?: BuildImagesOptions['onProgress'],
): Promise<BuildImagesResult> {
  return buildImages({ imagesDir, sources: paths, onProgress });
}
