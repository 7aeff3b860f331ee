/**
 * What every page knows of the outbox without opening it, so little that it loads with every
 * page: whether it may hold something (a flag in localStorage) and when a failed try is made
 * again. The outbox itself (outbox.ts, IndexedDB) loads with the forms' code.
 */

/** Waits between tries of a saved submission, after the first, second… failure; the last repeats. */
export const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000] as const;

/**
 * How long to wait after the `failures`-th failure: the back-off step, give or take 10% so
 * that phones coming back together do not all send at once, and never less than the
 * service's Retry-After.
 */
export function backoffMs(failures: number, retryAfterMs = 0, random: () => number = Math.random): number {
  const step = BACKOFF_MS[Math.min(Math.max(failures, 1), BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
  return Math.max(Math.round(step * (0.9 + 0.2 * random())), retryAfterMs);
}

const FLAG_KEY = 'enquiry-outbox';

/** localStorage, or undefined where the browser refuses it (some private modes). */
export function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the outbox may hold something; true when the browser keeps no flag, so it is looked at. */
export function outboxMayHold(): boolean {
  const flags = localStore();
  if (!flags) return true;
  try {
    return flags.getItem(FLAG_KEY) !== null;
  } catch {
    return true;
  }
}

/** Notes whether the outbox may hold something, after writing to it or emptying it. */
export function setFlag(on: boolean): void {
  try {
    if (on) localStore()?.setItem(FLAG_KEY, '1');
    else localStore()?.removeItem(FLAG_KEY);
  } catch {
    // Without the flag, pages look in the outbox anyway (outboxMayHold).
  }
}
