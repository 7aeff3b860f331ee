import { FETCHED_FONTS_KEY } from './boot';
import type { WebFont } from './fonts';

/**
 * Fetches the web fonts the boot script names (`data-fonts`) into the browser's cache, and
 * notes that it did. The page already painted in the fallback faces, sized like the web fonts,
 * and keeps them: adding a face lays out the whole page again, titles' face or not (a 30–40 ms
 * task on the table page, four times that on a slow phone). The next page draws with them from
 * its first paint (boot.ts).
 */
export async function fetchWebFonts(boot: HTMLScriptElement): Promise<void> {
  const named = boot.dataset.fonts;
  if (named === undefined) return;
  try {
    if (localStorage.getItem(FETCHED_FONTS_KEY) === named) return;
  } catch {
    // Without storage no later page would know the files are cached: fetching them buys nothing.
    return;
  }
  const fonts = JSON.parse(named) as WebFont[];
  const fetched = await Promise.allSettled(
    fonts.map(({ family, source, weight }) => new FontFace(family, source, { weight }).load()),
  );
  if (fetched.every((result) => result.status === 'fulfilled')) {
    try {
      localStorage.setItem(FETCHED_FONTS_KEY, named);
    } catch {
      // A full storage: the next page draws with the fallback faces, as this one does.
    }
  }
}
