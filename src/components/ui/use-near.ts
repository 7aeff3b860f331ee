import { startTransition, useEffect, useState } from 'react';
import { whenNear } from './when-near';

/**
 * Whether the element with this id has come within `margin` of the viewport. False on the
 * server and while hydrating, so the first render matches the pre-rendered page. The change is a
 * transition: what it fetches (a lazy component) replaces the page's content only once it has
 * loaded, and never blocks the visitor's input.
 */
export function useNear(id: string, margin?: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const watching = new AbortController();
    void whenNear(id, margin, watching.signal).then(() => startTransition(() => setNear(true)));
    return () => watching.abort();
  }, [id, margin]);
  return near;
}
