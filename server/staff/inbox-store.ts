/**
 * The leads inbox's queries: enquiries newest first (or oldest first, or by
 * follow-up date), filtered and paged by (sort key, id) so that page 500 costs
 * what page 1 does, each with where the sales team stands on it; one lead in
 * full; and changes that refuse to overwrite a newer version.
 */
import { withoutBidiDeep } from '../../src/data/staff';
import { phoneSearchDigits } from '../../src/schema/contact';
import type {
  InboxFilter,
  LeadChange,
  LeadDetail,
  LeadNote,
  LeadRow,
  LeadSort,
  TimelineEvent,
} from '../../src/schema/staff';
import { NO_OWNER } from '../../src/schema/staff';
import type { Database, Sql } from '../db/database';
import type { SheetEnquiry } from '../leads/columns';
import type { Actor } from './audit';
import { writeAudit } from './audit';
import type { NoticeOptions } from './notices';
import { openSql, queueAssigned } from './notices';
import { leadTimeline } from './timeline';

/** A position in the inbox: the sort key of the last row of a page (a time or a day), and its id. */
export interface Cursor {
  key: string;
  id: string;
}

/** How each sort orders the rows, and the key of a row its cursor carries. */
const ORDERS: Record<
  LeadSort,
  { key: string; cast: string; descending: boolean; of: (row: LeadRow) => string }
> = {
  received: { key: 'e.received_at', cast: 'timestamptz', descending: true, of: (row) => row.receivedAt },
  oldest: { key: 'e.received_at', cast: 'timestamptz', descending: false, of: (row) => row.receivedAt },
  // Leads without a follow-up date come after every dated one.
  'follow-up': {
    key: "coalesce(e.follow_up, 'infinity'::date)",
    cast: 'date',
    descending: false,
    of: (row) => row.followUp ?? 'infinity',
  },
};

export const cursorText = (sort: LeadSort, row: LeadRow) => `${ORDERS[sort].of(row)}_${row.id}`;

const CURSOR_KEYS: Record<LeadSort, RegExp> = {
  received: /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/,
  oldest: /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/,
  'follow-up': /^(?:\d{4}-\d{2}-\d{2}|infinity)$/,
};

export function cursorOf(sort: LeadSort, text: string | undefined): Cursor | null {
  const match = text?.match(/^([^_]+)_([0-9a-f-]{36})$/);
  const key = match?.[1];
  if (match === null || match === undefined || key === undefined || !CURSOR_KEYS[sort].test(key)) return null;
  return { key, id: match[2] ?? '' };
}

/** A lead's own words: a project form's requirement, an appointment's remark, a message. */
const REQUIREMENT = `coalesce(e.fields->>'remark', e.fields->>'message', '')`;

const ROW = `e.id, e.kind, e.form, e.received_at AS "receivedAt", e.name, e.phone, e.email, e.project, e.page, e.utm,
  CASE WHEN EXISTS (SELECT 1 FROM notifications n WHERE n.enquiry_id = e.id AND n.channel = 'email' AND n.delivered_at IS NOT NULL)
    THEN 'sent' ELSE 'waiting' END AS "salesEmail",
  e.status, e.owner_id AS "ownerId", m.name AS "ownerName", to_char(e.follow_up, 'YYYY-MM-DD') AS "followUp",
  left(${REQUIREMENT}, 300) AS requirement, e.version`;

/** Today in India, in SQL: when a follow-up falls due. */
const INDIA_TODAY = "(now() AT TIME ZONE 'Asia/Kolkata')::date";
const OPEN = openSql('e.');

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
  if (filter.project !== undefined) add((n) => `lower(e.project) = lower(${n})`, filter.project);
  if (filter.form !== undefined) add((n) => `e.form = ${n}`, filter.form);
  if (filter.from !== undefined)
    add((n) => `e.received_at >= (${n}::date)::timestamp AT TIME ZONE 'Asia/Kolkata'`, filter.from);
  if (filter.to !== undefined)
    add((n) => `e.received_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`, filter.to);
  if (filter.due === 'today') parts.push(`${OPEN} AND e.follow_up = ${INDIA_TODAY}`);
  if (filter.due === 'overdue') parts.push(`${OPEN} AND e.follow_up < ${INDIA_TODAY}`);
  if (filter.q !== undefined && filter.q !== '') {
    params.push(`%${filter.q.replace(/[\\%_]/g, '\\$&')}%`);
    const n = `$${params.length}`;
    const digits = phoneSearchDigits(filter.q);
    const phone =
      digits.length >= 3 ? (params.push(`%${digits}%`), ` OR e.phone_digits LIKE $${params.length}`) : '';
    parts.push(
      `(e.name ILIKE ${n} OR e.email ILIKE ${n} OR e.phone ILIKE ${n}${phone} OR ${REQUIREMENT} ILIKE ${n}
        OR EXISTS (SELECT 1 FROM lead_notes ln WHERE ln.enquiry_id = e.id AND ln.body ILIKE ${n}))`,
    );
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
export type Present = <T extends Pick<LeadRow, 'salesEmail'> & { timeline?: TimelineEvent[] }>(row: T) => T;

const PRINTED = 'Sales email printed in the service’s output (email is not set up)';

export const presenter =
  (emailPrinted: boolean): Present =>
  (row) =>
    withoutBidiDeep(
      emailPrinted && row.salesEmail === 'sent'
        ? {
            ...row,
            salesEmail: 'printed',
            ...(row.timeline === undefined
              ? {}
              : {
                  timeline: row.timeline.map((event) =>
                    event.kind === 'emailed' ? { ...event, what: PRINTED } : event,
                  ),
                }),
          }
        : row,
    );

/** A row as the exports write it: the inbox's, the fields and referrer the sheet columns read, and the notes. */
export type ExportRow = LeadRow & SheetEnquiry & { notes: string };

/** The notes on a lead, oldest first, a line each: `2026-11-24 10:22 Meera Shah: called, no answer`. */
const NOTES = `coalesce((SELECT string_agg(to_char(ln.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI')
    || ' ' || ln.author_name || ': ' || ln.body, E'\n' ORDER BY ln.id) FROM lead_notes ln WHERE ln.enquiry_id = e.id), '') AS notes`;

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
  const order = ORDERS[filter.sort ?? 'received'];
  const direction = order.descending ? 'DESC' : 'ASC';
  const keyset =
    cursor === null
      ? ''
      : ` AND (${order.key}, e.id) ${order.descending ? '<' : '>'} ($${params.length + 1}::${order.cast}, $${params.length + 2}::uuid)`;
  const rows = await sql.query<RowOut>(
    `SELECT ${ROW}${forExport ? `, e.fields, e.referrer, ${NOTES}` : ''} FROM enquiries e LEFT JOIN staff_member m ON m.id = e.owner_id
      WHERE ${condition}${keyset}
      ORDER BY ${order.key} ${direction}, e.id ${direction} LIMIT ${Math.floor(limit)}`,
    cursor === null ? params : [...params, cursor.key, cursor.id],
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

/** Every row the filter matches, in its order, read a page at a time (the exports). */
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
    cursor = { key: ORDERS[filter.sort ?? 'received'].of(last), id: last.id };
  }
}

/** Open leads' follow-ups due today and overdue, India time. */
export async function dueCounts(sql: Sql): Promise<{ today: number; overdue: number }> {
  const [row] = await sql.query<{ today: number; overdue: number }>(
    `SELECT count(*) FILTER (WHERE e.follow_up = ${INDIA_TODAY})::int AS today,
            count(*) FILTER (WHERE e.follow_up < ${INDIA_TODAY})::int AS overdue
       FROM enquiries e WHERE e.follow_up IS NOT NULL AND ${OPEN}`,
  );
  return row ?? { today: 0, overdue: 0 };
}

/** The projects enquiries name (not the pop-up's "-"), each once whatever its capitals, most asked first. */
export function projectList(sql: Sql): Promise<{ project: string; count: number }[]> {
  return sql.query(
    `SELECT min(project) AS project, count(*)::int AS count FROM enquiries
      WHERE project NOT IN ('', '-') GROUP BY lower(project) ORDER BY count(*) DESC, lower(project)`,
  );
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
  const timeline = await leadTimeline(sql, id);
  return {
    timeline,
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
 * returns the lead as it now stands, so the person sees who changed what before them. A new
 * owner other than the actor is emailed, through the outbox of `notices`.
 */
export async function changeLead(
  db: Database,
  id: string,
  change: LeadChange,
  actor: Actor,
  notices?: NoticeOptions,
): Promise<ChangeResult> {
  const touched = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).filter(
    (key) => change[key] !== undefined,
  );
  const result = await db.transaction(async (tx): Promise<ChangeResult> => {
    if (change.ownerId !== undefined && change.ownerId !== null) {
      const owner = await tx.query('SELECT 1 FROM staff_member WHERE id = $1', [change.ownerId]);
      if (owner.length === 0) return { outcome: 'no-such-owner' };
    }
    const [before] = await tx.query<{ ownerId: string | null }>(
      'SELECT owner_id AS "ownerId" FROM enquiries WHERE id = $1 FOR UPDATE',
      [id],
    );
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
    const [owner] =
      change.ownerId === undefined || change.ownerId === null
        ? []
        : await tx.query<{ name: string; email: string }>(
            'SELECT name, email FROM staff_member WHERE id = $1',
            [change.ownerId],
          );
    if (
      notices !== undefined &&
      owner !== undefined &&
      owner.email !== actor.email &&
      change.ownerId !== before?.ownerId
    )
      await queueAssigned(tx, id, owner, actor.name, notices.origin);
    // The owner's name is kept with the change: the lead's timeline still names them once they leave.
    await writeAudit(tx, actor, 'lead-updated', id, {
      ...fields,
      ...(owner === undefined ? {} : { ownerName: owner.name }),
      fromVersion: version,
    });
    const lead = await leadDetail(tx, id);
    return lead === null ? { outcome: 'missing' } : { outcome: 'changed', lead };
  });
  if (result.outcome === 'changed') notices?.kick();
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
