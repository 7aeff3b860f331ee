/**
 * The leads inbox's queries: enquiries newest first, filtered and paged by
 * (received_at, id) so that page 500 costs what page 1 does, each with where
 * the sales team stands on it; one lead in full; and changes that refuse to
 * overwrite a newer version.
 */
import type { InboxFilter, LeadChange, LeadDetail, LeadNote, LeadRow } from '../../src/schema/staff';
import { withoutBidiDeep } from '../../src/data/staff';
import { NO_OWNER } from '../../src/schema/staff';
import type { Database, Sql } from '../db/database';
import type { SheetEnquiry } from '../leads/columns';
import type { Actor } from './audit';
import { writeAudit } from './audit';

/** A position in the inbox: the last row of a page. */
export interface Cursor {
  receivedAt: string;
  id: string;
}

export const cursorText = (row: Cursor) => `${row.receivedAt}_${row.id}`;

export function cursorOf(text: string | undefined): Cursor | null {
  const match = text?.match(/^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/);
  return match === null || match === undefined ? null : { receivedAt: match[1] ?? '', id: match[2] ?? '' };
}

const ROW = `e.id, e.kind, e.form, e.received_at AS "receivedAt", e.name, e.phone, e.email, e.project, e.page, e.utm,
  CASE WHEN EXISTS (SELECT 1 FROM notifications n WHERE n.enquiry_id = e.id AND n.channel = 'email' AND n.delivered_at IS NOT NULL)
    THEN 'sent' ELSE 'waiting' END AS "salesEmail",
  e.status, e.owner_id AS "ownerId", m.name AS "ownerName", to_char(e.follow_up, 'YYYY-MM-DD') AS "followUp", e.version`;

/** The WHERE clause of a filter, its parameters starting at $1. */
function where(filter: InboxFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (filter.status !== undefined) add((n) => `e.status = ${n}`, filter.status);
  if (filter.owner === NO_OWNER) parts.push('e.owner_id IS NULL');
  else if (filter.owner !== undefined) add((n) => `e.owner_id = ${n}`, filter.owner);
  if (filter.project !== undefined) add((n) => `e.project = ${n}`, filter.project);
  if (filter.form !== undefined) add((n) => `e.form = ${n}`, filter.form);
  if (filter.from !== undefined)
    add((n) => `e.received_at >= (${n}::date)::timestamp AT TIME ZONE 'Asia/Kolkata'`, filter.from);
  if (filter.to !== undefined)
    add((n) => `e.received_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`, filter.to);
  if (filter.q !== undefined && filter.q !== '') {
    const like = `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`;
    const digits = filter.q.replace(/\D/g, '');
    params.push(like);
    const n = `$${params.length}`;
    const phone =
      digits.length >= 3
        ? (params.push(`%${digits}%`), ` OR regexp_replace(e.phone, '\\D', '', 'g') LIKE $${params.length}`)
        : '';
    parts.push(`(e.name ILIKE ${n} OR e.email ILIKE ${n} OR e.phone ILIKE ${n}${phone})`);
  }
  return { sql: parts.length === 0 ? 'TRUE' : parts.join(' AND '), params };
}

type RowOut = Omit<LeadRow, 'receivedAt'> & { receivedAt: Date };
const toRow = (row: RowOut): LeadRow => ({ ...row, receivedAt: new Date(row.receivedAt).toISOString() });

/**
 * How the API shows a stored row: the store says an email was sent once its notification was
 * delivered, which without SMTP means printed in the service's output; and visitors' text comes
 * without bidirectional controls, which could make a name read as another.
 */
export type Present = <T extends Pick<LeadRow, 'salesEmail'>>(row: T) => T;

export const presenter =
  (emailPrinted: boolean): Present =>
  (row) =>
    withoutBidiDeep(emailPrinted && row.salesEmail === 'sent' ? { ...row, salesEmail: 'printed' } : row);

/** A row as the exports write it: the inbox's, and the fields and referrer the sheet columns read. */
export type ExportRow = LeadRow & SheetEnquiry;

/** One page of the inbox after `cursor` (null: the newest), `limit` rows. */
export async function inboxPage(
  sql: Sql,
  filter: InboxFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<LeadRow[]>;
export async function inboxPage(
  sql: Sql,
  filter: InboxFilter,
  cursor: Cursor | null,
  limit: number,
  forExport: true,
): Promise<ExportRow[]>;
export async function inboxPage(
  sql: Sql,
  filter: InboxFilter,
  cursor: Cursor | null,
  limit: number,
  forExport = false,
): Promise<LeadRow[]> {
  const { sql: condition, params } = where(filter);
  const keyset =
    cursor === null
      ? ''
      : ` AND (e.received_at, e.id) < ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)`;
  const rows = await sql.query<RowOut>(
    `SELECT ${ROW}${forExport ? ', e.fields, e.referrer' : ''} FROM enquiries e LEFT JOIN staff_member m ON m.id = e.owner_id
      WHERE ${condition}${keyset}
      ORDER BY e.received_at DESC, e.id DESC LIMIT ${Math.floor(limit)}`,
    cursor === null ? params : [...params, cursor.receivedAt, cursor.id],
  );
  return rows.map(toRow);
}

export async function inboxCount(sql: Sql, filter: InboxFilter): Promise<number> {
  const { sql: condition, params } = where(filter);
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM enquiries e WHERE ${condition}`,
    params,
  );
  return row?.n ?? 0;
}

/** Every row the filter matches, newest first, read a page at a time (the exports). */
export async function* inboxRows(
  sql: Sql,
  filter: InboxFilter,
  pageSize = 1000,
): AsyncGenerator<ExportRow[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const page: ExportRow[] = await inboxPage(sql, filter, cursor, pageSize, true);
    if (page.length > 0) yield page;
    const last: ExportRow | undefined = page.at(-1);
    if (page.length < pageSize || last === undefined) return;
    cursor = last;
  }
}

export async function leadDetail(sql: Sql, id: string): Promise<LeadDetail | null> {
  const [row] = await sql.query<
    RowOut &
      Pick<LeadDetail, 'source' | 'referrer' | 'userAgent' | 'fields' | 'changedBy' | 'changedFields'> & {
        changedAt: Date | null;
      }
  >(
    `SELECT ${ROW}, e.source, e.referrer, e.user_agent AS "userAgent", e.fields,
            e.changed_at AS "changedAt", e.changed_by AS "changedBy", e.changed_fields AS "changedFields"
       FROM enquiries e LEFT JOIN staff_member m ON m.id = e.owner_id WHERE e.id = $1`,
    [id],
  );
  if (row === undefined) return null;
  const notes = await sql.query<{
    id: string;
    at: Date;
    authorName: string;
    authorEmail: string;
    body: string;
  }>(
    `SELECT id::text, created_at AS at, author_name AS "authorName", author_email AS "authorEmail", body
       FROM lead_notes WHERE enquiry_id = $1 ORDER BY id`,
    [id],
  );
  const { changedAt, ...rest } = row;
  return {
    ...toRow(rest),
    source: rest.source,
    referrer: rest.referrer,
    userAgent: rest.userAgent,
    fields: rest.fields,
    changedBy: rest.changedBy,
    changedFields: rest.changedFields,
    changedAt: changedAt === null ? null : new Date(changedAt).toISOString(),
    notes: notes.map((note) => ({ ...note, at: new Date(note.at).toISOString() })),
  };
}

export type ChangeResult =
  | { outcome: 'changed'; lead: LeadDetail }
  | { outcome: 'stale'; lead: LeadDetail }
  | { outcome: 'missing' }
  | { outcome: 'no-such-owner' };

const FIELD_NAMES = { status: 'status', ownerId: 'owner', followUp: 'follow-up date' } as const;

/**
 * Applies `change` if the lead is still at `change.version`; otherwise changes nothing and
 * returns the lead as it now stands, so the person sees who changed what before them.
 */
export async function changeLead(
  db: Database,
  id: string,
  change: LeadChange,
  actor: Actor,
): Promise<ChangeResult> {
  const touched = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).filter(
    (key) => change[key] !== undefined,
  );
  const result = await db.transaction(async (tx): Promise<ChangeResult> => {
    if (change.ownerId !== undefined && change.ownerId !== null) {
      const owner = await tx.query('SELECT 1 FROM staff_member WHERE id = $1', [change.ownerId]);
      if (owner.length === 0) return { outcome: 'no-such-owner' };
    }
    const updated = await tx.query<{ id: string }>(
      `UPDATE enquiries SET
         status = CASE WHEN $3 THEN $4 ELSE status END,
         owner_id = CASE WHEN $5 THEN $6 ELSE owner_id END,
         follow_up = CASE WHEN $7 THEN $8::date ELSE follow_up END,
         version = version + 1, changed_at = now(), changed_by = $9, changed_fields = $10
       WHERE id = $1 AND version = $2 RETURNING id`,
      [
        id,
        change.version,
        change.status !== undefined,
        change.status ?? null,
        change.ownerId !== undefined,
        change.ownerId ?? null,
        change.followUp !== undefined,
        change.followUp ?? null,
        actor.name,
        touched.map((key) => FIELD_NAMES[key]),
      ],
    );
    if (updated.length === 0) {
      const lead = await leadDetail(tx, id);
      return lead === null ? { outcome: 'missing' } : { outcome: 'stale', lead };
    }
    const { version, ...fields } = change;
    await writeAudit(tx, actor, 'lead-updated', id, { ...fields, fromVersion: version });
    const lead = await leadDetail(tx, id);
    return lead === null ? { outcome: 'missing' } : { outcome: 'changed', lead };
  });
  return result;
}

export async function addNote(
  db: Database,
  id: string,
  body: string,
  actor: Actor,
): Promise<LeadNote | null> {
  return db.transaction(async (tx) => {
    const exists = await tx.query('SELECT 1 FROM enquiries WHERE id = $1', [id]);
    if (exists.length === 0) return null;
    const [note] = await tx.query<{ id: string; at: Date }>(
      `INSERT INTO lead_notes (enquiry_id, author_email, author_name, body) VALUES ($1, $2, $3, $4)
       RETURNING id::text, created_at AS at`,
      [id, actor.email, actor.name, body],
    );
    if (note === undefined) throw new Error(`The note on ${id} was not stored.`);
    await writeAudit(tx, actor, 'note-added', id, { note: body.slice(0, 200) });
    return {
      id: note.id,
      at: new Date(note.at).toISOString(),
      authorName: actor.name,
      authorEmail: actor.email,
      body,
    };
  });
}
