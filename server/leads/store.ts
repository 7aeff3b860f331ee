import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { StoredEnquirySchema } from '../../src/schema/lead-webhook';
import type { Database, Sql } from '../db/database';

type EnquiryKind = StoredEnquiry['kind'];

/**
 * Where the sales team hears of an enquiry: their email (a line in the service's
 * output in the quick start), and the CRM's webhook when one is set. Each has
 * its own row in the outbox, so each is retried on its own.
 */
export type NotificationChannel = 'email' | 'webhook';

/** The CRM wants leads; the quick start's stand-in messages go by email only. */
const channelsOf = (kind: EnquiryKind, channels: readonly NotificationChannel[]) =>
  kind === 'lead' ? channels : channels.filter((channel) => channel === 'email');

/** Where a visitor was when they sent an enquiry, as far as the browser tells. */
export interface Attribution {
  page: string | null;
  referrer: string | null;
  utm: Record<string, string> | null;
  userAgent: string | null;
}

export interface NewEnquiry {
  kind: EnquiryKind;
  form: string;
  submissionId: string | null;
  /** Every field as it arrived. */
  fields: Readonly<Record<string, string>>;
  name: string;
  email: string;
  phone: string;
  project: string;
  source: string;
  attribution: Attribution;
}

export type StoreResult =
  | { outcome: 'created'; id: string }
  | { outcome: 'repeat'; id: string }
  /** The submission id was stored before with other fields. */
  | { outcome: 'conflict'; id: string };

/** The same fields give the same fingerprint whatever order they arrive in. */
function fingerprint(fields: Readonly<Record<string, string>>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((key) => [key, fields[key]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

async function insert(tx: Sql, enquiry: NewEnquiry, print: string): Promise<string | undefined> {
  const { attribution: at } = enquiry;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO enquiries
       (kind, form, submission_id, fingerprint, name, email, phone, project, source, fields, page, referrer, utm, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (submission_id) WHERE kind = 'lead' DO NOTHING
     RETURNING id`,
    [
      enquiry.kind,
      enquiry.form,
      enquiry.submissionId,
      print,
      enquiry.name,
      enquiry.email,
      enquiry.phone,
      enquiry.project,
      enquiry.source,
      JSON.stringify(enquiry.fields),
      at.page,
      at.referrer,
      at.utm === null ? null : JSON.stringify(at.utm),
      at.userAgent,
    ],
  );
  return row?.id;
}

/**
 * Stores an enquiry and its notifications (one per channel) in one
 * transaction. A lead whose submission id is already stored is not stored
 * again: the first one's id comes back, as a repeat when the fields match and
 * a conflict when not.
 */
export async function storeEnquiry(
  db: Database,
  enquiry: NewEnquiry,
  channels: readonly NotificationChannel[],
): Promise<StoreResult> {
  const print = fingerprint(enquiry.fields);
  return db.transaction(async (tx) => {
    const id = await insert(tx, enquiry, print);
    if (id !== undefined) {
      await tx.query('INSERT INTO notifications (enquiry_id, channel) SELECT $1, unnest($2::text[])', [
        id,
        channelsOf(enquiry.kind, channels),
      ]);
      return { outcome: 'created', id };
    }
    const [first] = await tx.query<{ id: string; fingerprint: string }>(
      "SELECT id, fingerprint FROM enquiries WHERE kind = 'lead' AND submission_id = $1",
      [enquiry.submissionId],
    );
    if (first === undefined) throw new Error(`Lead ${enquiry.submissionId} was neither stored nor found.`);
    return { outcome: first.fingerprint === print ? 'repeat' : 'conflict', id: first.id };
  });
}

/** One stored enquiry, as `npm run leads`, the tests and the CRM's webhook read it. */
export type StoredEnquiry = z.output<typeof StoredEnquirySchema>;

export interface EnquiryFilter {
  /** Only the enquiry with this id. */
  id?: string;
  /** Only enquiries received on or after this moment. */
  since?: Date;
  /** Only the enquiries of this submission id. */
  submissionId?: string;
}

/** Stored enquiries, newest first. */
export async function listEnquiries(db: Sql, filter: EnquiryFilter = {}): Promise<StoredEnquiry[]> {
  const rows = await db.query<Omit<StoredEnquiry, 'receivedAt'> & { receivedAt: Date }>(
    `SELECT id, kind, form, submission_id AS "submissionId", received_at AS "receivedAt", name, email, phone,
            project, source, page, referrer, utm, user_agent AS "userAgent", fields
       FROM enquiries
      WHERE ($1::timestamptz IS NULL OR received_at >= $1)
        AND ($2::text IS NULL OR submission_id = $2)
        AND ($3::uuid IS NULL OR id = $3)
      ORDER BY received_at DESC, id`,
    [filter.since ?? null, filter.submissionId ?? null, filter.id ?? null],
  );
  return rows.map((row) => ({ ...row, receivedAt: new Date(row.receivedAt).toISOString() }));
}
