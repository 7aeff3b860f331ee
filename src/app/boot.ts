import type { WebFont } from './fonts';

/**
 * What a pre-rendered page runs before anything else: a few lines written into its <head>
 * (head-html.ts) and run as a module once the document is parsed, so that the page fetches nothing
 * but its HTML and its lead picture before that picture has painted. The script element names
 * the entry (`data-entry`) and the web fonts (`data-fonts`, a WebFont[] as JSON; see fonts.ts).
 *
 * `boot` is written into the page as its own source text, so it refers to nothing outside
 * itself: no import, no value of this module.
 */

/**
 * Where a browser notes the web fonts it has fetched: the page's `data-fonts` text, exactly.
 * A later page of the same build finds the files in its cache and draws with them from its
 * first paint.
 */
export const FETCHED_FONTS_KEY = 'web-fonts-fetched';

export function boot(fetchedFontsKey: string): void {
  // A module, run once the document is parsed: as a classic script, compiled in the parser's
  // task, even these few lines held up the first paint on a slow phone.
  const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
  if (script === null) return;
  const { entry, fonts } = script.dataset;
  if (entry === undefined) return;

  // Faces this browser fetched on an earlier page come from its cache at once; 'optional'
  // draws with the fallback, never to swap later, should the cache have let them go.
  try {
    if (fonts !== undefined && localStorage.getItem(fetchedFontsKey) === fonts) {
      const faces = JSON.parse(fonts) as WebFont[];
      for (const { family, source, weight } of faces) {
        const face = new FontFace(family, source, { weight, display: 'optional' });
        document.fonts.add(face);
        face.load().catch(() => undefined);
      }
    }
  } catch {
    // Storage refused (private mode, a full disk): the page draws with the fallback faces.
  }

  const firstPaint = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  // The pictures the page asks for first (fetchpriority="high": its largest paint), drawn or
  // failed. Where the browser reports when an image has painted (Element Timing), that; else
  // the second frame after they have arrived. The page's load, a frame later, settles it too:
  // a picture the page hides on this screen never paints.
  const afterTwoFrames = (): Promise<void> =>
    new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn())));
  const leadPictures = (): Promise<unknown> => {
    const pending = new Set(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
    if (pending.size === 0) return Promise.resolve();
    const loaded = new Promise<void>((resolve) => {
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
    }).then(afterTwoFrames);
    if (!PerformanceObserver.supportedEntryTypes.includes('element')) {
      const arrived = [...pending].map((img) =>
        img.complete
          ? null
          : new Promise((settled) => {
              img.addEventListener('load', settled, { once: true });
              img.addEventListener('error', settled, { once: true });
            }),
      );
      return Promise.race([Promise.all(arrived).then(afterTwoFrames), loaded]);
    }
    const painted = new Promise<void>((resolve) => {
      const settle = (img: Element) => {
        pending.delete(img as HTMLImageElement);
        if (pending.size > 0) return;
        observer.disconnect();
        resolve();
      };
      const observer = new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as (PerformanceEntry & { element: Element | null })[])
          if (entry.element !== null) settle(entry.element);
      });
      observer.observe({ type: 'element', buffered: true });
      for (const img of [...pending]) {
        if (img.complete && img.naturalWidth === 0) settle(img);
        else img.addEventListener('error', () => settle(img), { once: true });
      }
    });
    return Promise.race([painted, loaded]);
  };

  void firstPaint.then(leadPictures).then(() => {
    const module = document.createElement('script');
    module.type = 'module';
    module.src = entry;
    document.head.append(module);
  });
}
