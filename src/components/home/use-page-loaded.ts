import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

/**
 * Whether the page and everything it asked for have arrived (the window's load event). Extras
 * such as a background film wait for it, so on a slow line they never compete with the
 * stylesheet, the fonts and the pictures a visitor is waiting to see.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.readyState === 'complete',
    () => false,
  );
}
