import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../layout/use-hydrated';

const NO_PARAMS = new URLSearchParams();

export type SetUrlParams = (next: URLSearchParams, options?: { replace?: boolean }) => void;

/**
 * The address query of a page whose view (filter, tab, sort) lives in the URL.
 * It reads as empty on the server and while hydrating, so the first render
 * matches the pre-rendered default view; the view the address asks for follows
 * right after. Each change is a history entry (Back undoes it) unless `replace`.
 */
export function useUrlParams(): [URLSearchParams, SetUrlParams, boolean] {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const update = useCallback<SetUrlParams>(
    (next, options) => setParams(next, { replace: options?.replace ?? false, preventScrollReset: true }),
    [setParams],
  );
  return [hydrated ? params : NO_PARAMS, update, hydrated];
}

/** A path with a query, without a dangling "?" when the query is empty. */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}
