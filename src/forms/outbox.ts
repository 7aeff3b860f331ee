/**
 * The outbox on the device: submissions that could not be sent yet, in IndexedDB
 * (idb-keyval), keyed by submission id, until the service confirms them. Small and loaded
 * with the forms' code, so a submission can be saved even when the code that sends it cannot be
 * fetched. A flag in localStorage (outbox-flag.ts) lets a page know, without opening IndexedDB,
 * whether there may be something to send.
 */
import type { UseStore } from 'idb-keyval';
import { createStore, del, get, promisifyRequest, set, values } from 'idb-keyval';
import type { Attribution } from './attribution';
import type { EmailForm } from './config';
import type { Lead } from './payloads';
import { setFlag } from './outbox-flag';

/** What a submission delivers: a lead to the lead service, or a form's fields to EmailJS. */
export type Payload =
  { kind: 'lead'; lead: Lead } | { kind: 'email'; form: EmailForm; fields: Record<string, string> };

export interface OutboxEntry {
  /** The submission id, sent as Idempotency-Key or submission_id on every try. */
  id: string;
  /** When the visitor first submitted (ms since 1970). */
  createdAt: number;
  payload: Payload;
  attribution: Attribution;
  /** Tries that failed so far. */
  attempts: number;
  /** Not to be tried again before this moment (back-off, or the service's Retry-After). */
  nextAttemptAt: number;
  /** Fallback lock where the Web Locks API is missing: a tab sending it holds it until then. */
  lease?: { owner: string; until: number };
}

/** A saved submission is dropped after this long: by then the visitor has surely called. */
export const OUTBOX_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A random UUID (v4): crypto.randomUUID, which browsers offer only on https pages, or the same by hand. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let store: UseStore | undefined;
// Opened on first use: creating the store opens the database.
const db = () => (store ??= createStore('enquiry-outbox', 'submissions'));

/** Saves or replaces an entry; rejects when the browser refuses storage. */
export async function saveEntry(entry: OutboxEntry): Promise<void> {
  await set(entry.id, entry, db());
  // After the write: a tab that empties the outbox clears the flag before it reads (allEntries).
  setFlag(true);
}

export function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return get<OutboxEntry>(id, db());
}

export function removeEntry(id: string): Promise<void> {
  return del(id, db());
}

/** Every saved entry; clears the flag first, and sets it again if anything is left. */
export async function allEntries(): Promise<OutboxEntry[]> {
  setFlag(false);
  const entries = await values<OutboxEntry>(db());
  if (entries.length > 0) setFlag(true);
  return entries;
}

/**
 * Changes an entry in one IndexedDB transaction, which other tabs cannot interleave with;
 * `change` returns the new entry, or undefined to leave it as it is. Resolves with the entry
 * as stored afterwards, or undefined when there is none.
 */
export function changeEntry(
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry | undefined,
): Promise<OutboxEntry | undefined> {
  return db()('readwrite', (objects) => {
    const done = promisifyRequest(objects.transaction);
    return promisifyRequest<OutboxEntry | undefined>(objects.get(id)).then(async (entry) => {
      const after = entry === undefined ? undefined : change(entry);
      if (after !== undefined) objects.put(after, id);
      await done;
      return after ?? entry;
    });
  });
}
