import { FETCHED_FONTS_KEY } from './boot';
import type { WebFont } from './fonts';

/**
 * Fetches the web fonts the boot script names (`data-fonts`) into the browser's cache, and
 * notes that it did. The page already painted in the fallback faces, sized like the web fonts,
 * and draws with only the faces that swap in (the titles'); the next page draws with all of them
 * from its first paint (boot.ts).
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
    fonts.map(({ family, source, weight }) =>
      new FontFace(family, source, { weight, display: 'swap' }).load(),
    ),
  );
  fetched.forEach((result, index) => {
    if (result.status === 'fulfilled' && fonts[index]?.swapsIn) document.fonts.add(result.value);
  });
  if (fetched.every((result) => result.status === 'fulfilled')) {
    try {
      localStorage.setItem(FETCHED_FONTS_KEY, named);
    } catch {
      // A full storage: the next page draws with the fallback faces, as this one does.
    }
  }
}
