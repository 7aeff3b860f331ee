import type { ImageAsset } from '../schema/site';

/**
 * The pictures a page's data names: every string in the data that is the path
 * of a known image. Pages ship only these, not the catalogue of the whole site.
 */
export function imagesNamedIn(
  data: unknown,
  catalogue: Record<string, ImageAsset>,
): Record<string, ImageAsset> {
  const found: Record<string, ImageAsset> = {};
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const asset = catalogue[value];
      if (asset) found[value] = asset;
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value !== null && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  visit(data);
  return found;
}
