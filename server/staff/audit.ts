/**
 * The audit log: who signed in, who changed which lead, who added or removed
 * whom. Entries are only ever added; admins read them in the console.
 */
import { withoutBidiDeep } from '../../src/data/staff';
import type { AuditEntry } from '../../src/schema/staff';
import type { Sql } from '../db/database';

/** Who did it: a member of staff, or `npm run staff` run on the server. */
export interface Actor {
  email: string;
  name: string;
}

/** The actor of what `npm run staff` does from the server's own terminal. */
export const COMMAND_LINE: Actor = { email: 'npm run staff', name: 'Command line' };

export async function writeAudit(
  sql: Sql,
  actor: Actor,
  action: string,
  subject: string,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await sql.query(
    'INSERT INTO audit_log (actor_email, actor_name, action, subject, detail) VALUES ($1, $2, $3, $4, $5)',
    [actor.email, actor.name, action, subject, detail === null ? null : JSON.stringify(detail)],
  );
}

const PAGE = 100;

/** Which entries to read: one member's (by email), one kind of action; both optional. */
export interface AuditFilter {
  actor?: string;
  action?: string;
}

/**
 * Newest first, a page at a time: `before` is the last id of the page before. Each entry names
 * what it was done to: a lead's name for a lead's id, and an owner's name for their id.
 */
export async function readAudit(
  sql: Sql,
  before: string | null,
  filter: AuditFilter = {},
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const rows = await sql.query<{
    id: string;
    at: Date;
    actor_email: string;
    actor_name: string;
    action: string;
    subject: string;
    subject_name: string | null;
    detail: Record<string, unknown> | null;
  }>(
    `SELECT a.id::text, a.at, a.actor_email, a.actor_name, a.action, a.subject, a.detail,
            coalesce(e.name, s.name) AS subject_name
       FROM audit_log a
       LEFT JOIN enquiries e ON a.subject ~ '^[0-9a-f-]{36}$' AND e.id = (CASE WHEN a.subject ~ '^[0-9a-f-]{36}$' THEN a.subject::uuid END)
       LEFT JOIN staff_member s ON s.email = a.subject
      WHERE ($1::bigint IS NULL OR a.id < $1) AND ($3::text IS NULL OR a.actor_email = $3)
        AND ($4::text IS NULL OR a.action = $4)
      ORDER BY a.id DESC LIMIT $2`,
    [before, PAGE + 1, filter.actor ?? null, filter.action ?? null],
  );
  const owners = new Map(
    (await sql.query<{ id: string; name: string }>('SELECT id, name FROM staff_member')).map((m) => [
      m.id,
      m.name,
    ]),
  );
  // Notes and names in the log were written by visitors or staff: shown without bidirectional controls.
  const entries = rows.slice(0, PAGE).map((row) =>
    withoutBidiDeep({
      id: row.id,
      at: new Date(row.at).toISOString(),
      actorEmail: row.actor_email,
      actorName: row.actor_name,
      action: row.action,
      subject: row.subject,
      subjectName: row.subject_name,
      detail: namedOwner(row.detail, owners),
    }),
  );
  return { entries, next: rows.length > PAGE ? (entries.at(-1)?.id ?? null) : null };
}

/** A change's owner by name rather than id (the name kept with the change, or the member's now). */
function namedOwner(
  detail: Record<string, unknown> | null,
  owners: ReadonlyMap<string, string>,
): Record<string, unknown> | null {
  if (detail === null || typeof detail.ownerId !== 'string') return detail;
  const { ownerId, ownerName, ...rest } = detail;
  return {
    ...rest,
    owner: typeof ownerName === 'string' ? ownerName : (owners.get(ownerId) ?? 'a former member'),
  };
}

/** Who appears in the log and what kinds of action it holds, for its filters. */
export async function auditChoices(
  sql: Sql,
): Promise<{ actors: { email: string; name: string }[]; actions: string[] }> {
  const [actors, actions] = await Promise.all([
    sql.query<{ email: string; name: string }>(
      `SELECT actor_email AS email, max(actor_name) AS name FROM audit_log GROUP BY actor_email ORDER BY max(lower(actor_name))`,
    ),
    sql.query<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action'),
  ]);
  return { actors, actions: actions.map((row) => row.action) };
}
