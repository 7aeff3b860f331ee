import { useMemo, useSyncExternalStore } from 'react';

export type SetUrlParams = (next: URLSearchParams, options?: { replace?: boolean }) => void;

/** Fired after this page changes its own query: pushState and replaceState fire no event. */
const QUERY_CHANGED = 'url-params-change';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(QUERY_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(QUERY_CHANGED, onChange);
  };
}

const currentQuery = () => window.location.search;
/** The pre-rendered page shows the default view: no query. */
const serverQuery = () => '';

const update: SetUrlParams = (next, options) => {
  const { pathname, hash } = window.location;
  const url = `${withQuery(pathname, next)}${hash}`;
  if (options?.replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(QUERY_CHANGED));
};

/**
 * The address query of a page whose view (filter, tab, sort) lives in the URL.
 * It reads as empty on the server and while hydrating, so the first render
 * matches the pre-rendered default view; the view the address asks for follows
 * right after. Each change is a history entry (Back undoes it) unless `replace`.
 * Every page is a document of its own, so this is all the routing the browser needs.
 * With no query the page renders nothing new on hydrating: a long table or list is drawn once.
 */
export function useUrlParams(): [URLSearchParams, SetUrlParams] {
  const query = useSyncExternalStore(subscribe, currentQuery, serverQuery);
  const params = useMemo(() => new URLSearchParams(query), [query]);
  return [params, update];
}

/** A path with a query, without a dangling "?" when the query is empty. */
function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}
