import { useEffect } from 'react';

/**
 * Marks `<html data-hydrated>` once the region it stands in has hydrated. It stands in the
 * page's last region, which React hydrates last: browser tests wait for it before they act.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
