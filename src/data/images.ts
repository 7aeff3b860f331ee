import type { ImageAsset } from '../schema/site';

/**
 * Adds to `found` each picture of the catalogue that a string in `value` names, in the order the
 * strings come. Only the catalogue's own names count: a sheet's text reading "constructor" names
 * no picture.
 */
function visit(
  value: unknown,
  catalogue: Readonly<Record<string, ImageAsset>>,
  found: Record<string, ImageAsset>,
) {
  if (typeof value === 'string') {
    const asset = Object.hasOwn(catalogue, value) ? catalogue[value] : undefined;
    if (asset) found[value] = asset;
  } else if (Array.isArray(value)) {
    for (const item of value) visit(item, catalogue, found);
  } else if (value !== null && typeof value === 'object') {
    // A page's data is plain objects: its own keys are all it has.
    for (const key in value) visit((value as Record<string, unknown>)[key], catalogue, found);
  }
}

/**
 * The pictures a page's data names: every string in the data that is the path
 * of a known image. Pages ship only these, not the catalogue of the whole site.
 */
export function imagesNamedIn(
  data: unknown,
  catalogue: Readonly<Record<string, ImageAsset>>,
): Record<string, ImageAsset> {
  const found: Record<string, ImageAsset> = {};
  visit(data, catalogue, found);
  return found;
}
