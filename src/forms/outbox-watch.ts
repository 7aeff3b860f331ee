/**
 * Sends what the outbox holds on every page view and when the connection returns, so little
 * that every page carries it: the code that sends (outbox-sender.ts) is fetched only once a
 * form is used or the outbox may hold something, and fetched again while it cannot be.
 */
import { backoffMs, outboxMayHold } from './outbox-flag';
import { retryingImport } from './retrying-import';

/** The sending code, fetched on first need and again after a failure (retrying-import.ts). */
export const loadSender = retryingImport(
  () => import('./outbox-sender'),
  (sender) => sender,
);

/** Fetches the sending code ahead of need: called when the visitor starts on a form. */
export function warmSender(): void {
  loadSender().catch(() => undefined);
}

/** Tries in a row at which the sending code could not be fetched (a connection down, unnoticed). */
let codeFailures = 0;
let codeRetry: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what the outbox holds through the sending code, fetched if need be. Offline it waits
 * for the browser's online event; while the code cannot be fetched, it is fetched again on the
 * outbox's back-off schedule, as the sending code tries a failed send again.
 */
function flush(backOnline: boolean): void {
  if (!navigator.onLine || !outboxMayHold()) return;
  loadSender().then(
    (sender) => {
      codeFailures = 0;
      sender.flushOutbox(backOnline).catch(() => undefined);
    },
    () => {
      codeFailures += 1;
      retryCodeAt(Date.now() + backoffMs(codeFailures));
    },
  );
}

/** Looks at the outbox again at `at` (ms since 1970), fetching the sending code then; offline, the online event does. */
export function retryCodeAt(at: number): void {
  if (!navigator.onLine) return;
  clearTimeout(codeRetry);
  codeRetry = setTimeout(() => flush(false), Math.max(0, at - Date.now()));
}

/**
 * Sends what the outbox holds now, and again whenever the browser comes back online.
 * Called once per page view; returns the way to stop listening.
 */
export function watchOutbox(): () => void {
  const online = () => flush(true);
  flush(false);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('online', online);
    clearTimeout(codeRetry);
  };
}
