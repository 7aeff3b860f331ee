/**
 * The code that sends submissions, loaded only when a form is used or the outbox holds
 * something (outbox-watch.ts). One try of a submission: delivered and removed, saved for another
 * try with back-off, or refused for good. Two tabs never send the same submission at once.
 */
import { DELIVERED_LATER } from './messages';
import type { Delivery } from './outcomes';
import { reportOutcome } from './outcomes';
import type { OutboxEntry } from './outbox';
import {
  allEntries,
  changeEntry,
  getEntry,
  newId,
  OUTBOX_MAX_AGE_MS,
  removeEntry,
  saveEntry,
} from './outbox';
import { backoffMs } from './outbox-flag';
import { sendEmail } from './send-email';
import { asSendFailure, isRetryable } from './send-failure';
import { sendLead } from './send-lead';
import { noteLeadSent } from './visit';

/** Where the Web Locks API is missing, a tab holds a submission this long at most while sending it. */
const LEASE_MS = 60_000;
const LEASE_POLL_MS = 500;

const pageId = newId();
/** Sends of this page, by submission id, so that the page itself never overlaps two. */
const sending = new Map<string, Promise<unknown>>();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the fallback lease on a saved entry: 'mine', 'taken' by another tab, or 'absent'. */
async function claimLease(id: string): Promise<'mine' | 'taken' | 'absent'> {
  const now = Date.now();
  const entry = await changeEntry(id, (current) =>
    current.lease !== undefined && current.lease.until > now && current.lease.owner !== pageId
      ? undefined
      : { ...current, lease: { owner: pageId, until: now + LEASE_MS } },
  );
  if (entry === undefined) return 'absent';
  return entry.lease?.owner === pageId ? 'mine' : 'taken';
}

async function acrossTabs<T>(id: string, wait: boolean, work: () => Promise<T>): Promise<T | undefined> {
  if (typeof navigator.locks !== 'undefined') {
    return navigator.locks.request(`enquiry-${id}`, { ifAvailable: !wait }, (lock) =>
      lock === null ? undefined : work(),
    );
  }
  let claim = await claimLease(id);
  while (claim === 'taken' && wait) {
    await pause(LEASE_POLL_MS);
    claim = await claimLease(id);
  }
  if (claim === 'taken') return undefined;
  try {
    return await work();
  } finally {
    await changeEntry(id, (entry) =>
      entry.lease?.owner === pageId ? { ...entry, lease: undefined } : undefined,
    );
  }
}

/**
 * Runs `work` as the only sender of submission `id`, in this page and across tabs: with
 * `wait`, after whoever sends it now; without, not at all if someone does (undefined).
 */
async function exclusively<T>(id: string, wait: boolean, work: () => Promise<T>): Promise<T | undefined> {
  const ongoing = sending.get(id);
  if (ongoing !== undefined) {
    if (!wait) return undefined;
    await ongoing.catch(() => undefined);
  }
  const run = acrossTabs(id, wait, work);
  sending.set(id, run);
  try {
    return await run;
  } finally {
    if (sending.get(id) === run) sending.delete(id);
  }
}

/** One try: delivered and removed, kept with its next try set, or refused and removed. */
async function attempt(entry: OutboxEntry): Promise<Delivery> {
  try {
    const { payload } = entry;
    if (payload.kind === 'lead') await sendLead(payload.lead, entry);
    else await sendEmail(payload.form, payload.fields);
  } catch (error) {
    const failure = asSendFailure(error);
    if (!isRetryable(failure)) {
      await removeEntry(entry.id).catch(() => undefined);
      return { result: 'failed', failure };
    }
    const failures = entry.attempts + 1;
    const next = { ...entry, attempts: failures, lease: undefined };
    next.nextAttemptAt = Date.now() + backoffMs(failures, failure.retryAfterMs);
    try {
      await saveEntry(next);
    } catch {
      return { result: 'failed', failure };
    }
    scheduleFlush(next.nextAttemptAt);
    return { result: 'saved', failure };
  }
  await removeEntry(entry.id).catch(() => undefined);
  if (entry.payload.kind === 'lead') noteLeadSent();
  return { result: 'sent' };
}

/**
 * Sends a submission now, for the form the visitor submitted: after any other send of it
 * has finished, and not again if that one delivered it. `saved`: it was saved before this
 * try, so finding it gone means another tab delivered it.
 */
export async function sendNow(entry: OutboxEntry, saved: boolean): Promise<Delivery> {
  const delivery = await exclusively(entry.id, true, async () => {
    const stored = await getEntry(entry.id).catch(() => entry);
    if (saved && stored === undefined) return { result: 'sent' } as const;
    return attempt({ ...entry, attempts: stored?.attempts ?? entry.attempts });
  });
  // Waiting for the lock always ends with it; undefined would mean the lock was refused.
  return delivery ?? attempt(entry);
}

let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;

/** Makes sure the outbox is looked at again at `at` (ms since 1970). */
function scheduleFlush(at: number): void {
  if (at >= timerAt) return;
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(
    () => {
      timerAt = Infinity;
      void flushOutbox(false);
    },
    Math.max(0, at - Date.now()),
  );
}

let flushing: Promise<void> | undefined;

/**
 * Sends every saved submission whose time has come, oldest first, one at a time; entries
 * past OUTBOX_MAX_AGE_MS are dropped. `backOnline`: the browser has just reconnected, so
 * submissions that failed are tried now, whatever their back-off.
 */
export function flushOutbox(backOnline: boolean): Promise<void> {
  flushing ??= flush(backOnline).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

async function flush(backOnline: boolean): Promise<void> {
  // Offline, every try would fail and count against the back-off: the online event resumes.
  if (!navigator.onLine) return;
  const entries = (await allEntries()).sort((a, b) => a.createdAt - b.createdAt);
  for (const entry of entries) {
    const now = Date.now();
    if (now - entry.createdAt > OUTBOX_MAX_AGE_MS) {
      await removeEntry(entry.id);
      continue;
    }
    // A first try that has not failed may still be on its way from the page that made it.
    const due = entry.nextAttemptAt <= now || (backOnline && entry.attempts > 0);
    if (!due) {
      scheduleFlush(entry.nextAttemptAt);
      continue;
    }
    await exclusively(entry.id, false, async () => {
      const current = await getEntry(entry.id);
      if (current === undefined) return;
      const delivery = await attempt(current);
      reportOutcome(current.id, delivery, DELIVERED_LATER);
    });
  }
}
