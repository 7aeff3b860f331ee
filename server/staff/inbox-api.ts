/**
 * The leads inbox's API under /staff/api/leads (behind the console's guard):
 * pages of enquiries by filter, one lead in full, changes refused when based
 * on an older version (409, naming who changed what), notes, and the exports.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { InboxFilter } from '../../src/schema/staff';
import { InboxFilterSchema, LeadChangeSchema, NewNoteSchema } from '../../src/schema/staff';
import { formatIndiaTime, withoutBidiDeep } from '../../src/data/staff';
import { indiaTimestamp } from '../../src/forms/india-time';
import type { Database } from '../db/database';
import { writeAudit } from './audit';
import { csvExport, exportName, xlsxExport } from './export';
import type { StaffEnv } from './guard';
import type { NoticeOptions } from './notices';
import {
  addNote,
  changeLead,
  cursorOf,
  cursorText,
  dueCounts,
  inboxCount,
  inboxPage,
  leadDetail,
  presenter,
  projectList,
} from './inbox-store';

const PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const reasons = (error: z.ZodError) =>
  Object.fromEntries(error.issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]));

/** The filter in the query string; empty values mean "any". */
function filterOf(c: Context): { ok: true; filter: InboxFilter } | { ok: false; response: Response } {
  const query = Object.fromEntries(
    Object.entries(c.req.query()).filter(
      ([key, value]) => key in InboxFilterSchema.shape && value.trim() !== '',
    ),
  );
  const parsed = InboxFilterSchema.safeParse(query);
  return parsed.success
    ? { ok: true, filter: parsed.data }
    : {
        ok: false,
        response: c.json({ error: 'The filter is not valid.', fields: reasons(parsed.error) }, 400),
      };
}

/** Today in India, YYYY-MM-DD. */
const stamp = () => indiaTimestamp(new Date()).slice(0, 10);

/** `emailPrinted`: the service has no SMTP, so its "email" to the sales team is a line in its output. */
export function inboxApi(db: Database, emailPrinted: boolean, notices?: NoticeOptions) {
  const app = new Hono<StaffEnv>();
  const present = presenter(emailPrinted);

  app.get('/', async (c) => {
    const parsed = filterOf(c);
    if (!parsed.ok) return parsed.response;
    const after = c.req.query('after');
    const sort = parsed.filter.sort ?? 'received';
    const cursor = cursorOf(sort, after);
    if (after !== undefined && cursor === null)
      return c.json({ error: 'The page marker is not valid.' }, 400);
    const [leads, total] = await Promise.all([
      inboxPage(db, parsed.filter, cursor, PAGE_SIZE + 1),
      inboxCount(db, parsed.filter),
    ]);
    const page = leads.slice(0, PAGE_SIZE);
    const last = page.at(-1);
    return c.json({
      leads: page.map(present),
      next: leads.length > PAGE_SIZE && last ? cursorText(sort, last) : null,
      total,
    });
  });

  app.get('/due', async (c) => c.json(await dueCounts(db)));
  app.get('/projects', async (c) => c.json(await projectList(db)));

  const exporter = (kind: 'csv' | 'xlsx') => async (c: Context<StaffEnv>) => {
    const parsed = filterOf(c);
    if (!parsed.ok) return parsed.response;
    await writeAudit(db, c.get('member'), 'leads-exported', kind, parsed.filter);
    const name = exportName(parsed.filter, stamp(), kind);
    c.header('Content-Disposition', `attachment; filename="${name}"`);
    c.header(
      'Content-Type',
      kind === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    return c.body(
      kind === 'csv' ? csvExport(db, parsed.filter, present) : xlsxExport(db, parsed.filter, present),
    );
  };
  app.get('/export.csv', exporter('csv'));
  app.get('/export.xlsx', exporter('xlsx'));

  app.use('/:id/*', async (c, next) =>
    UUID.test(c.req.param('id')) ? next() : c.json({ error: 'No such lead.' }, 404),
  );
  app.get('/:id', async (c) => {
    if (!UUID.test(c.req.param('id'))) return c.json({ error: 'No such lead.' }, 404);
    const lead = await leadDetail(db, c.req.param('id'));
    return lead === null ? c.json({ error: 'No such lead.' }, 404) : c.json(present(lead));
  });

  app.patch('/:id', async (c) => {
    if (!UUID.test(c.req.param('id'))) return c.json({ error: 'No such lead.' }, 404);
    const parsed = LeadChangeSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ error: 'The change is not valid.', fields: reasons(parsed.error) }, 400);
    const result = await changeLead(db, c.req.param('id'), parsed.data, c.get('member'), notices);
    switch (result.outcome) {
      case 'missing':
        return c.json({ error: 'No such lead.' }, 404);
      case 'no-such-owner':
        return c.json(
          { error: 'That owner is no longer a member of staff.', fields: { ownerId: 'is not staff' } },
          400,
        );
      case 'changed':
        return c.json(present(result.lead));
      case 'stale': {
        const lead = present(result.lead);
        const who = lead.changedBy ?? 'Someone';
        const what = (lead.changedFields ?? ['this lead']).join(', ');
        const when = lead.changedAt === null ? '' : ` at ${formatIndiaTime(lead.changedAt)}`;
        return c.json(
          {
            error: `${who} changed the ${what}${when}, after you opened this lead; your change was not saved. The lead now shows their change: make yours again if it still applies.`,
            lead,
          },
          409,
        );
      }
    }
  });

  app.post('/:id/notes', async (c) => {
    const parsed = NewNoteSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ error: 'The note is not valid.', fields: reasons(parsed.error) }, 400);
    const note = await addNote(db, c.req.param('id'), parsed.data.body, c.get('member'));
    return note === null ? c.json({ error: 'No such lead.' }, 404) : c.json(withoutBidiDeep(note), 201);
  });

  return app;
}
