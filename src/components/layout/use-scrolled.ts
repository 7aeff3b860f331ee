import { useSyncExternalStore } from 'react';
import { SCROLL_THROTTLE_MS } from '../../app/constants';

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onScroll = () => {
    timer ??= setTimeout(() => {
      timer = null;
      onChange();
    }, SCROLL_THROTTLE_MS);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Whether the page is scrolled further than `threshold` px; false while rendering on the server. */
export function useScrolled(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
