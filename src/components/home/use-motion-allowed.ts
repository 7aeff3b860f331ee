import { useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

interface NetworkInformation {
  saveData?: boolean;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const reducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** Whether a background video may play: motion is welcome and the visitor has not asked to save data. */
export function useVideoAllowed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () =>
      !reducedMotion() &&
      (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData !== true,
    () => false,
  );
}
