/**
 * What the service does to a picture's name and size before keeping it: a
 * phone's name (`Cafe Coffee Day Cyber Hub.JPG`) becomes a web name
 * (`cafe-coffee-day-cyber-hub.jpg`), and a picture smaller than the README
 * asks for its folder's use is warned about (the site would show it blurred).
 */
import { PICTURE_SIZES } from '../../src/schema/bounds';

/** Lower-case letters, digits and dashes, and the ending in lower case; none of the phone's spaces or accents. */
export function webName(name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ending] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
  const words = stem
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const clean = ending.toLowerCase().replace(/[^a-z0-9]/g, '');
  return clean === '' ? words : `${words || 'picture'}.${clean}`;
}

/** The use of each folder's pictures, as sheets/README.md gives their least size. */
const FOLDER_SIZES: Readonly<Record<string, (typeof PICTURE_SIZES)[keyof typeof PICTURE_SIZES]>> = {
  projects: PICTURE_SIZES.hero,
  localities: PICTURE_SIZES.hero,
  'pre-rented': PICTURE_SIZES.card,
  awards: PICTURE_SIZES.card,
  team: PICTURE_SIZES.portrait,
};

/** A warning in plain words when the picture is smaller than its folder's use needs; null when it is large enough. */
export function sizeWarning(path: string, width: number, height: number): string | null {
  const size = FOLDER_SIZES[path.split('/')[0] ?? ''];
  if (size === undefined || (width >= size.width && height >= size.height)) return null;
  const wanted = size.height > 0 ? `${size.width} × ${size.height} pixels` : `${size.width} pixels wide`;
  return `This picture is ${width} × ${height} pixels; pictures for ${size.use} should be at least ${wanted} (sheets/README.md), or the website shows them blurred. It is kept all the same: replace it with a larger one when you can.`;
}
