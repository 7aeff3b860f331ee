import { useEffect } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Marks `<html data-hydrated>` once the region it stands in has hydrated and rendered what only
 * the browser renders (the pop-up). It stands in the page's last region, which React hydrates
 * last: browser tests wait for it before they act.
 */
export function HydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}
