import '@fontsource/cormorant-garamond/latin-600.css';
import './styles/fonts.css';
import './styles/global.css';

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

// The pre-rendered page is complete without its script. It paints first; only then is React
// evaluated and the page hydrated, so a slow phone shows the page before it does any work.
void afterFirstPaint()
  .then(() => import('./app/hydrate'))
  .then(({ hydrate }) => hydrate());
