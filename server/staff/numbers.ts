/**
 * The Numbers screen's figures, counted by SQL from the enquiries table (leads only, not the
 * contact forms' messages) over the last 12 weeks, India time, weeks starting on Monday.
 */
import { LEAD_STATUSES } from '../../src/schema/staff';
import type { Numbers } from '../../src/schema/numbers';
import type { Sql } from '../db/database';

const WEEKS = 12;
/** Beyond this many projects, the least asked-about are counted together. */
const TOP_PROJECTS = 12;

/** The leads of the window, each with its Monday and when a member first acted on it. */
const WINDOW = `
  WITH bounds AS (
    SELECT (date_trunc('week', now() AT TIME ZONE 'Asia/Kolkata') - interval '${WEEKS - 1} weeks')::date AS since),
  leads AS (
    SELECT e.*, date_trunc('week', e.received_at AT TIME ZONE 'Asia/Kolkata')::date AS week
      FROM enquiries e, bounds
     WHERE e.kind = 'lead' AND e.received_at >= bounds.since::timestamp AT TIME ZONE 'Asia/Kolkata')`;

/** Each lead of the window a member acted on, and how many hours after it arrived they first did. */
const FIRST_CONTACT = `
  SELECT l.week, extract(epoch FROM min(a.at) - l.received_at) / 3600 AS hours
    FROM leads l JOIN audit_log a ON a.subject = l.id::text
   WHERE a.action = 'note-added' OR (a.action = 'lead-updated' AND a.detail ? 'status' AND a.detail->>'status' <> 'new')
   GROUP BY l.id, l.week, l.received_at`;

interface Row {
  label: string;
  count: number;
}

const count = (sql: Sql, select: string) => sql.query<Row>(`${WINDOW} ${select}`);

export async function leadNumbers(sql: Sql): Promise<Numbers> {
  const [weeks, sources, projects, statuses, owners, contact, contactWeeks] = await Promise.all([
    count(
      sql,
      `SELECT to_char(w.week, 'YYYY-MM-DD') AS label, count(l.id)::int AS count
         FROM bounds, generate_series(bounds.since, bounds.since + ${(WEEKS - 1) * 7}, interval '7 days') AS w(week)
         LEFT JOIN leads l ON l.week = w.week::date
        GROUP BY w.week ORDER BY w.week`,
    ),
    count(
      sql,
      `SELECT coalesce(nullif(source, ''), 'No source') || ' · ' || coalesce(nullif(utm->>'utm_campaign', ''), 'no campaign') AS label,
              count(*)::int AS count
         FROM leads GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
    count(
      sql,
      `SELECT CASE WHEN key = '' THEN 'No project' WHEN rank <= ${TOP_PROJECTS} THEN name ELSE 'Other projects' END AS label,
              sum(n)::int AS count
         FROM (SELECT key, min(project) AS name, count(*) AS n,
                      row_number() OVER (ORDER BY key = '', count(*) DESC, key) AS rank
                 FROM (SELECT project, CASE WHEN project IN ('', '-') THEN '' ELSE lower(project) END AS key FROM leads) k
                GROUP BY key) p
        GROUP BY 1 ORDER BY min(rank)`,
    ),
    count(sql, `SELECT status AS label, count(*)::int AS count FROM leads GROUP BY status`),
    count(
      sql,
      `SELECT coalesce(m.name, 'No owner') AS label, count(*)::int AS count
         FROM leads l LEFT JOIN staff_member m ON m.id = l.owner_id
        GROUP BY m.id, m.name ORDER BY 2 DESC, 1`,
    ),
    sql.query<{ medianHours: number | null; contacted: number }>(
      `${WINDOW}, firsts AS (${FIRST_CONTACT})
       SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS "medianHours", count(*)::int AS contacted FROM firsts`,
    ),
    sql.query<{ label: string; medianHours: number | null }>(
      `${WINDOW}, firsts AS (${FIRST_CONTACT})
       SELECT to_char(w.week, 'YYYY-MM-DD') AS label,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY f.hours) AS "medianHours"
         FROM bounds, generate_series(bounds.since, bounds.since + ${(WEEKS - 1) * 7}, interval '7 days') AS w(week)
         LEFT JOIN firsts f ON f.week = w.week::date
        GROUP BY w.week ORDER BY w.week`,
    ),
  ]);
  const byStatus = new Map(statuses.map((row) => [row.label, row.count]));
  const round = (hours: number | null) => (hours === null ? null : Math.round(Number(hours) * 100) / 100);
  return {
    since: weeks[0]?.label ?? '',
    total: weeks.reduce((sum, week) => sum + week.count, 0),
    weeks,
    sources,
    projects,
    statuses: LEAD_STATUSES.map((status) => ({ label: status, count: byStatus.get(status) ?? 0 })),
    owners,
    firstContact: {
      medianHours: round(contact[0]?.medianHours ?? null),
      contacted: contact[0]?.contacted ?? 0,
      weeks: contactWeeks.map((week) => ({ label: week.label, medianHours: round(week.medianHours) })),
    },
  };
}
