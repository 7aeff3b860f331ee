import './generated/fonts/fonts.css';
import './styles/global.css';
import { rememberLanding } from './forms/attribution';

// Where the visit came from is read on its first page, before anything else can change it.
rememberLanding();

/**
 * Resolves once the browser has painted the page's content (its first contentful paint), or,
 * where paint timing is not reported, after the next frame.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
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
}

/**
 * Resolves once the pictures the page fetches first (fetchpriority="high": the one above the
 * fold, its largest paint) have arrived or failed, so that no script competes with them on a
 * slow line.
 */
function afterLeadPictures(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    (img) => !img.complete,
  );
  return Promise.all(
    pending.map(
      (img) =>
        new Promise((settled) => {
          img.addEventListener('load', settled, { once: true });
          img.addEventListener('error', settled, { once: true });
        }),
    ),
  );
}

// The pre-rendered page is complete without its script. It paints, and its lead picture
// arrives, first; only then is React fetched, evaluated and the page hydrated, so a slow phone
// shows the page before it does any work.
void Promise.all([afterFirstPaint(), afterLeadPictures()])
  .then(() => import('./hydrate'))
  .then(({ hydrate }) => hydrate());
