import type { ComponentType } from 'react';
import { lazy } from 'react';
import { retryingImport } from '../forms/retrying-import';

/** The longest wait between tries while the browser believes it is online and fetches still fail. */
const MAX_RETRY_MS = 60_000;
const FIRST_RETRY_MS = 5_000;

/**
 * Settles when the connection is back ('online'), or, while the browser believes it never left
 * (a dropped connection it has not noticed), after a wait that doubles with each failure.
 */
function retryCue(failures: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = new AbortController();
    const go = () => {
      stop.abort();
      clearTimeout(timer);
      resolve();
    };
    window.addEventListener('online', go, { signal: stop.signal });
    const timer = navigator.onLine
      ? setTimeout(go, Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS))
      : undefined;
  });
}

/**
 * `React.lazy` for a component whose code may be lost to a flaky connection: the import is tried
 * again (src/forms/retrying-import.ts) when the connection returns, and never rejects in the
 * browser. A rejected lazy component is an uncaught error that unmounts the whole page; a pending
 * one keeps its boundary as it is (the pre-rendered markup while hydrating, else the Suspense
 * fallback) until the code arrives. `before` (e.g. waiting for the section to come near) runs
 * first. On the server a failed import still throws: the pre-render must not hang on it.
 */
export function lazyWithRetry<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  before: () => Promise<void> = () => Promise.resolve(),
) {
  const imported = retryingImport(load, pick);
  const untilLoaded = async (): Promise<ComponentType<P>> => {
    for (let failures = 1; ; failures += 1) {
      try {
        return await imported();
      } catch (error) {
        if (typeof window === 'undefined') throw error;
        await retryCue(failures);
      }
    }
  };
  return lazy(async () => {
    await before();
    return { default: await untilLoaded() };
  });
}
