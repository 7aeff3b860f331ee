/**
 * Sending one submission from a form, part of the forms' code (loaded when a form is first
 * used, see use-submission.ts): it saves the submission, warns a visitor who leaves mid-send,
 * and hands it to the code that sends (outbox-sender.ts), fetched by outbox-watch.ts.
 */
import type { EmailForm } from './config';
import type { Delivery } from './outcomes';
import { reportOutcome } from './outcomes';
import type { OutboxEntry } from './outbox';
import { getEntry, saveEntry } from './outbox';
import { backoffMs, localStore } from './outbox-flag';
import { loadSender, retryCodeAt } from './outbox-watch';
import { connectionFailure, SendFailure, SEND_TIMEOUT_MS, withinTimeout } from './send-failure';

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
