/** A module's address in a failed import's message: Chromium and Firefox name it, Safari does not. */
const FAILED_ADDRESS = /\bhttps?:\/\/[^\s'"]+?\.m?js\b/;

/** The address of the file a failed dynamic import could not fetch, without its query; undefined when unnamed. */
export function failedImportAddress(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return FAILED_ADDRESS.exec(message)?.[0];
}

/** Native import of an address known only at run time (Vite leaves it as it is). */
const importAddress = (address: string): Promise<unknown> => import(/* @vite-ignore */ address);

/** Whether the browser says it has no connection: an import now would only fail. */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A dynamic import made ready by `ready` (which may set the library up), tried again on the
 * next call when it failed, its success kept.
 *
 * - While the browser is offline it is not tried at all: it would fail, and many browsers keep a
 *   failed module fetch in their module map for the page's life (the HTML rule until 2024,
 *   whatwg/html#6768; Chromium fetches again since late 2025, Safari since mid 2026), so that
 *   every later `import()` of it fails without a request.
 * - After a failure, the next try asks for the same file under a fresh address (`?retry=N`),
 *   which no module map has seen: the page gets the code without a reload in those browsers
 *   too. The content policy's `script-src 'self'` allows any query, and the file is the one the
 *   build named, so the module is the same code (it was never evaluated under the first address).
 */
export function retryingImport<M, T>(
  load: () => Promise<M>,
  ready: (module: M) => T,
  importFresh: (address: string) => Promise<unknown> = importAddress,
): () => Promise<T> {
  let loading: Promise<T> | undefined;
  let failedAddress: string | undefined;
  let retries = 0;
  const attempt = (): Promise<M> => {
    if (offline()) return Promise.reject(new TypeError('The browser is offline: the code was not fetched.'));
    if (failedAddress === undefined) return load();
    retries += 1;
    return importFresh(`${failedAddress}?retry=${retries}`) as Promise<M>;
  };
  return () => {
    loading ??= attempt()
      .then(ready)
      .catch((error: unknown) => {
        loading = undefined;
        failedAddress ??= failedImportAddress(error);
        throw error;
      });
    return loading;
  };
}
