/**
 * Sending one submission from a form, kept small because every page carries it: it saves
 * the submission, warns a visitor who leaves mid-send, and loads the code that sends
 * (outbox-sender.ts) only once a form is used or the outbox holds something.
 */
import type { EmailForm } from './config';
import type { Delivery } from './outcomes';
import { reportOutcome } from './outcomes';
import type { OutboxEntry, Payload } from './outbox';
import { backoffMs, getEntry, localStore, outboxMayHold, saveEntry } from './outbox';
import { retryingImport } from './retrying-import';
import { connectionFailure, SendFailure, SEND_TIMEOUT_MS, withinTimeout } from './send-failure';

const loadSender = retryingImport(
  () => import('./outbox-sender'),
  (sender) => sender,
);

/** Fetches the sending code ahead of need: called when the visitor starts on a form. */
export function warmSender(): void {
  loadSender().catch(() => undefined);
}

/**
 * Another tab re-sending the outbox leaves a lead alone this long after it was first sent,
 * while this page's own request may still be on its way.
 */
const FIRST_TRY_GRACE_MS = SEND_TIMEOUT_MS + 5_000;

let sendsInFlight = 0;
const warnBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();

/** Counts a send as in flight until `work` settles; leaving the page meanwhile asks first. */
function whileInFlight<T>(work: Promise<T>): Promise<T> {
  if (sendsInFlight++ === 0) window.addEventListener('beforeunload', warnBeforeLeaving);
  return work.finally(() => {
    if (--sendsInFlight === 0) window.removeEventListener('beforeunload', warnBeforeLeaving);
  });
}

/**
 * When the sending code itself cannot be fetched, the submission waits in the outbox, and the
 * code is fetched again when its next try comes.
 */
async function saveUnsent(entry: OutboxEntry): Promise<Delivery> {
  const failure = connectionFailure();
  const nextAttemptAt = Date.now() + backoffMs(1);
  try {
    await saveEntry({ ...entry, attempts: 1, nextAttemptAt });
  } catch {
    return { result: 'failed', failure };
  }
  retryCodeAt(nextAttemptAt);
  return { result: 'saved', failure };
}

async function deliver(entry: OutboxEntry): Promise<Delivery> {
  // A lead is saved before it is sent: if the visitor leaves at once, a later page sends it
  // again under the same key, and the service keeps one. An email is saved only once it has
  // certainly failed, since EmailJS would keep both.
  // `saved`: if it is gone once this page may send it, another send delivered it meanwhile.
  const saved =
    entry.payload.kind === 'lead'
      ? await saveEntry({ ...entry, nextAttemptAt: Date.now() + FIRST_TRY_GRACE_MS }).then(
          () => true,
          () => false,
        )
      : (await getEntry(entry.id).catch(() => undefined)) !== undefined;
  const sender = await loadSender().catch(() => undefined);
  return sender === undefined ? saveUnsent(entry) : sender.sendNow(entry, saved);
}

/**
 * Sends a submission the visitor has just submitted (or submitted again). Resolves with its
 * outcome, or after SEND_TIMEOUT_MS with what the visitor should be told while the request
 * goes on; the real outcome is then reported to watchers of the submission (outcomes.ts).
 */
export async function submitEntry(entry: OutboxEntry, thanks: string): Promise<Delivery> {
  const sending = whileInFlight(deliver(entry));
  const onTime = await withinTimeout(sending);
  if (onTime !== undefined) return onTime;
  void sending.then((delivery) => reportOutcome(entry.id, delivery, thanks));
  const failure = new SendFailure('timeout');
  return entry.payload.kind === 'lead' ? { result: 'saved', failure } : { result: 'waiting', failure };
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
function retryCodeAt(at: number): void {
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

/** EmailJS refuses a second message from the same form within this time: we ask first. */
const EMAIL_THROTTLE_MS = 10_000;
const throttleKey = (form: EmailForm) => `emailjs-${form}`;

/** Whether a new message from `form` comes too soon after the last one; if not, it is noted. */
export function tooSoon(form: EmailForm, now = Date.now()): boolean {
  const last = Number(localStore()?.getItem(throttleKey(form)) ?? 0);
  if (now - last < EMAIL_THROTTLE_MS) return true;
  try {
    localStore()?.setItem(throttleKey(form), String(now));
  } catch {
    // Without storage, EmailJS's own limit is the only one.
  }
  return false;
}

/** A message that was refused must not count against the visitor's next one. */
export function forgetThrottle(form: EmailForm): void {
  try {
    localStore()?.removeItem(throttleKey(form));
  } catch {
    // Nothing was kept.
  }
}

/** What an EmailJS form delivers: its named fields as the browser would post them. */
export function emailPayload(form: EmailForm, element: HTMLFormElement): Payload {
  const fields: Record<string, string> = {};
  new FormData(element).forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return { kind: 'email', form, fields };
}
