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

/** Newest first, a page at a time: `before` is the last id of the page before. */
export async function readAudit(
  sql: Sql,
  before: string | null,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const rows = await sql.query<{
    id: string;
    at: Date;
    actor_email: string;
    actor_name: string;
    action: string;
    subject: string;
    detail: Record<string, unknown> | null;
  }>(
    `SELECT id::text, at, actor_email, actor_name, action, subject, detail FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
    [before, PAGE + 1],
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
      detail: row.detail,
    }),
  );
  return { entries, next: rows.length > PAGE ? (entries.at(-1)?.id ?? null) : null };
}
