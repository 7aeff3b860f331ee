/**
 * What the console tells members by email, through the outbox (server/notify/staff-mail.ts): a
 * lead assigned to them, the open leads they take over from a colleague who leaves, and each
 * morning (India time) the follow-ups they have due.
 */
import { formatDay, projectOf, withoutBidi } from '../../src/data/staff';
import { indiaDay, indiaTimestamp } from '../../src/forms/india-time';
import { OPEN_STATUSES } from '../../src/schema/staff';
import type { Database, Sql } from '../db/database';
import { queueStaffMail } from '../notify/staff-mail';

/** Where the console is reached, for the links in the emails; and a nudge to send at once. */
export interface NoticeOptions {
  origin: string;
  kick: () => void;
}

/** Whether a lead (of table alias `t`) is open, in SQL. */
export const openSql = (t = '') =>
  `${t}status IN (${OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`;

interface LeadLine {
  id: string;
  name: string;
  phone: string;
  project: string;
  followUp: string | null;
}

/** A lead's columns for `leadLine`, of table alias `t`. */
const lineColumns = (t = '') =>
  `${t}id, ${t}name, ${t}phone, ${t}project, to_char(${t}follow_up, 'YYYY-MM-DD') AS "followUp"`;

/** One lead in an email: who, how to reach them, about what, when to follow up, and its page. */
function leadLine(lead: LeadLine, origin: string, today: string | null = null): string {
  const project = projectOf(lead);
  const due =
    lead.followUp === null
      ? ''
      : `, follow up ${today !== null && lead.followUp < today ? `was due ${formatDay(lead.followUp)} (overdue)` : formatDay(lead.followUp)}`;
  return `- ${withoutBidi(lead.name) || 'A visitor'}${lead.phone === '' ? '' : `, ${withoutBidi(lead.phone)}`}${project === '' ? '' : `, ${withoutBidi(project)}`}${due}\n  ${origin}/staff/leads/${lead.id}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A member an email is sent to. */
interface Recipient {
  email: string;
  name: string;
}

/** Queues the email telling `owner` that `by` assigned them lead `id` (in the change's transaction). */
export async function queueAssigned(sql: Sql, id: string, owner: Recipient, by: string, origin: string) {
  const [lead] = await sql.query<LeadLine>(`SELECT ${lineColumns()} FROM enquiries WHERE id = $1`, [id]);
  if (lead === undefined) return;
  await queueStaffMail(sql, {
    to: owner.email,
    subject: `${by} assigned you a lead: ${withoutBidi(lead.name) || 'a visitor'}`,
    text: [`Hello ${owner.name},`, '', `${by} made you the owner of this lead:`, leadLine(lead, origin)].join(
      '\n',
    ),
  });
}

/**
 * Hands the open leads of `fromId` to `toId` (in the removal's transaction) and queues one email to
 * the new owner listing them, unless they made the change themselves. Returns the leads' ids.
 */
export async function handOver(
  sql: Sql,
  fromId: string,
  to: Recipient & { id: string },
  by: Recipient,
  leaving: string,
  origin: string,
): Promise<string[]> {
  const leads = await sql.query<LeadLine>(
    `UPDATE enquiries SET owner_id = $2, version = version + 1, changed_at = now(), changed_by = $3,
            changed_fields = ARRAY['owner']
      WHERE owner_id = $1 AND ${openSql()} RETURNING ${lineColumns()}`,
    [fromId, to.id, by.name],
  );
  if (leads.length > 0 && to.email !== by.email)
    await queueStaffMail(sql, {
      to: to.email,
      subject: `You take over ${plural(leads.length, 'open lead', 'open leads')} from ${leaving}`,
      text: [
        `Hello ${to.name},`,
        '',
        `${by.name} removed ${leaving} from the staff and handed you their open leads:`,
        ...leads.map((lead) => leadLine(lead, origin)),
      ].join('\n'),
    });
  return leads.map((lead) => lead.id);
}

const DIGEST = 'follow-up-digest';
/** The hour (India time) from which the morning's email goes out. */
const DIGEST_HOUR = 9;

/**
 * Sends the morning's email if it is time and no instance has yet today: each member with open
 * leads whose follow-up falls today or earlier gets one email listing them. The day's row in
 * daily_jobs is written in the transaction that queues the emails, so of two instances (or one
 * restarted) only the first sends. Returns how many emails it queued (null: not its turn).
 */
export async function runDigest(db: Database, now: Date, origin: string): Promise<number | null> {
  if (Number(indiaTimestamp(now).slice(11, 13)) < DIGEST_HOUR) return null;
  const today = indiaDay(now);
  return db.transaction(async (tx) => {
    const [claimed] = await tx.query(
      'INSERT INTO daily_jobs (job, day) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING day',
      [DIGEST, today],
    );
    if (claimed === undefined) return null;
    const due = await tx.query<LeadLine & { email: string; member: string }>(
      `SELECT ${lineColumns('e.')}, m.email, m.name AS member
         FROM enquiries e JOIN staff_member m ON m.id = e.owner_id
        WHERE e.follow_up <= $1::date AND ${openSql('e.')}
        ORDER BY m.email, e.follow_up, e.received_at`,
      [today],
    );
    const byMember = new Map<string, typeof due>();
    for (const lead of due) {
      const leads = byMember.get(lead.email);
      if (leads === undefined) byMember.set(lead.email, [lead]);
      else leads.push(lead);
    }
    for (const [email, leads] of byMember) {
      const overdue = leads.filter((lead) => lead.followUp !== null && lead.followUp < today).length;
      await queueStaffMail(tx, {
        to: email,
        subject: `Follow-ups due today: ${plural(leads.length, 'lead', 'leads')}${overdue > 0 ? ` (${overdue} overdue)` : ''}`,
        text: [
          `Good morning ${leads[0]?.member ?? ''},`,
          '',
          `These open leads of yours are due a follow-up (${formatDay(today)}):`,
          ...leads.map((lead) => leadLine(lead, origin, today)),
        ].join('\n'),
      });
    }
    return byMember.size;
  });
}

/**
 * Looks every `everyMs` whether the morning's email is due (`clock` is injectable for tests) and
 * nudges the outbox when it queued some.
 */
export function startDigest(
  db: Database,
  { origin, kick }: NoticeOptions,
  clock: () => Date = () => new Date(),
  everyMs = 60_000,
) {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => runDigest(db, clock(), origin))
      .then((queued) => {
        if (queued !== null && queued > 0) kick();
      })
      .catch((error: unknown) =>
        console.warn(
          `The morning's follow-up email could not be prepared; trying again in a minute: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
