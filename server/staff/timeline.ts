/**
 * A lead's story, oldest first: received, emailed to the sales team (or printed, without SMTP),
 * sent to the CRM, each change of status, owner or follow-up with who made it (from the audit
 * log, which records every change with its author), and the notes.
 */
import { formatDay, STATUS_LABELS } from '../../src/data/staff';
import type { LeadStatus, TimelineEvent } from '../../src/schema/staff';
import type { Sql } from '../db/database';

/** The sales email's event; a service without SMTP shows it otherwise (inbox-store.ts's presenter). */
const EMAILED = 'Emailed to the sales team';

interface Change {
  at: Date;
  who: string;
  detail: {
    status?: LeadStatus;
    ownerId?: string | null;
    ownerName?: string | null;
    followUp?: string | null;
  };
  /** The owner's name now, for changes logged before the log kept it. */
  currentOwner: string | null;
}

/** What one logged change did, a line per field it set. */
function changeLines({ detail, currentOwner }: Change): { kind: TimelineEvent['kind']; what: string }[] {
  const lines: { kind: TimelineEvent['kind']; what: string }[] = [];
  if (detail.status !== undefined)
    lines.push({ kind: 'status', what: `Status: ${STATUS_LABELS[detail.status]}` });
  if (detail.ownerId !== undefined)
    lines.push({
      kind: 'owner',
      what:
        detail.ownerId === null
          ? 'Owner: nobody'
          : `Owner: ${detail.ownerName ?? currentOwner ?? 'a former member of staff'}`,
    });
  if (detail.followUp !== undefined)
    lines.push({
      kind: 'follow-up',
      what: detail.followUp === null ? 'Follow-up date cleared' : `Follow-up: ${formatDay(detail.followUp)}`,
    });
  return lines;
}

export async function leadTimeline(sql: Sql, id: string): Promise<TimelineEvent[]> {
  const [received] = await sql.query<{ at: Date; form: string }>(
    'SELECT received_at AS at, form FROM enquiries WHERE id = $1',
    [id],
  );
  if (received === undefined) return [];
  const [sent, changes, notes] = await Promise.all([
    sql.query<{ at: Date; channel: string }>(
      `SELECT delivered_at AS at, channel FROM notifications
        WHERE enquiry_id = $1 AND delivered_at IS NOT NULL ORDER BY delivered_at`,
      [id],
    ),
    sql.query<Change>(
      `SELECT a.at, a.actor_name AS who, a.detail, m.name AS "currentOwner" FROM audit_log a
         LEFT JOIN staff_member m ON m.id = a.detail->>'ownerId'
        WHERE a.subject = $1 AND a.action = 'lead-updated' ORDER BY a.id`,
      [id],
    ),
    sql.query<{ at: Date; who: string; body: string }>(
      'SELECT created_at AS at, author_name AS who, body FROM lead_notes WHERE enquiry_id = $1 ORDER BY id',
      [id],
    ),
  ]);
  const iso = (at: Date) => new Date(at).toISOString();
  const events: TimelineEvent[] = [
    { at: iso(received.at), kind: 'received', who: null, what: 'Enquiry received' },
    ...sent.map(({ at, channel }): TimelineEvent => ({
      at: iso(at),
      kind: channel === 'email' ? 'emailed' : 'crm',
      who: null,
      what: channel === 'email' ? EMAILED : 'Sent to the CRM',
    })),
    ...changes.flatMap((change) =>
      changeLines(change).map((line): TimelineEvent => ({ at: iso(change.at), who: change.who, ...line })),
    ),
    ...notes.map(({ at, who, body }): TimelineEvent => ({ at: iso(at), kind: 'note', who, what: body })),
  ];
  // Stable: events of one moment keep the order above (received before its email).
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
