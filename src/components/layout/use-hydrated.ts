import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** False on the server and while hydrating, true once the page's script has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
