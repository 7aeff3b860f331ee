/**
 * The staff console at /staff/: better-auth's sign-in endpoints, the console's
 * API under /staff/api/, and its front end (built by vite.staff.config.ts),
 * all behind the guard of server/staff/guard.ts. A visitor reaches only the
 * sign-in screen, its script and styles, and the sign-in endpoints.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NewStaffMemberSchema, RoleChangeSchema } from '../../src/schema/staff';
import type { Database } from '../db/database';
import type { Publisher } from '../publish/publisher';
import { sheetDownloads } from '../sheets/downloads';
import { sheetsApi } from '../sheets/sheets-api';
import { auditChoices, readAudit, writeAudit } from './audit';
import type { StaffAuth } from './auth';
import { authRoutes } from './auth';
import type { StaffEnv } from './guard';
import { consoleHeaders, requireAdmin, requireMember, requireSheetRole, sameOrigin } from './guard';
import { inboxApi } from './inbox-api';
import { addMember, changeRole, listMembers, openLeadCount, removeMember, renameMember } from './members';
import { MemberProblem } from './member-problem';
import type { NoticeOptions } from './notices';
import { leadNumbers } from './numbers';

/** The console's uploads (sheets-api.ts): they may arrive slowly from a phone (request-times.ts). */
export const isStaffUpload = (method: string, path: string): boolean =>
  method === 'POST' && (path === '/staff/api/sheets/upload' || path === '/staff/api/sheets/pictures');

export interface StaffConsoleOptions {
  db: Database;
  staffAuth: StaffAuth;
  /** PUBLIC_ORIGIN: the one origin writes are accepted from; unset in the quick start. */
  publicOrigin: string | undefined;
  /** Folder of the built console (`npm run build` writes it beside the site's). */
  consoleRoot: string;
  trustProxy: boolean;
  /** The sales team's email is only printed in the service's output (no SMTP): the inbox says so. */
  emailPrinted: boolean;
  /** Emails to members (a lead assigned, leads handed over) go through the outbox with these. */
  notices?: NoticeOptions;
  /** The Sheets screens' publisher and the checkout it commits to; without them, no Sheets API. */
  sheets?: { publisher: Publisher; repoDir: string };
}

/** The console's own API; each resource mounts here as a Hono app of StaffEnv (see /work/notes). */
function staffApi(options: StaffConsoleOptions, sheets: Hono | null) {
  const { db } = options;
  const api = new Hono<StaffEnv>();
  api.get('/me', (c) => c.json(c.get('member')));

  // Every member sees who their colleagues are: a lead's owner is chosen from them.
  api.get('/members', async (c) => c.json(await listMembers(db)));
  api.post('/members', requireAdmin, async (c) => {
    const parsed = NewStaffMemberSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json(
        {
          error: 'Some fields are not valid.',
          fields: Object.fromEntries(
            parsed.error.issues.map((i) => [String(i.path[0] ?? 'body'), i.message]),
          ),
        },
        400,
      );
    try {
      return c.json(await addMember(db, parsed.data, c.get('member')), 201);
    } catch (error) {
      if (error instanceof MemberProblem) return c.json({ error: error.message }, error.status);
      throw error;
    }
  });
  // A member's name (what colleagues, the history and the audit log show) and role: only an admin
  // changes either. A body naming a role changes the role; otherwise it renames.
  api.patch('/members/:email', requireAdmin, async (c) => {
    const email = c.req.param('email');
    const body: unknown = await c.req.json().catch(() => null);
    try {
      if (typeof body === 'object' && body !== null && 'role' in body) {
        const parsed = RoleChangeSchema.safeParse(body);
        if (!parsed.success)
          return c.json({ error: `The role ${parsed.error.issues[0]?.message ?? 'is missing'}.` }, 400);
        if (email.toLowerCase() === c.get('member').email)
          return c.json({ error: 'You cannot change your own role; ask another admin.' }, 409);
        return c.json(await changeRole(db, email, parsed.data.role, c.get('member')));
      }
      const parsed = NewStaffMemberSchema.pick({ name: true }).safeParse(body);
      if (!parsed.success)
        return c.json(
          { error: 'Some fields are not valid.', fields: { name: parsed.error.issues[0]?.message } },
          400,
        );
      return c.json(await renameMember(db, email, parsed.data.name, c.get('member')));
    } catch (error) {
      if (error instanceof MemberProblem) return c.json({ error: error.message }, error.status);
      throw error;
    }
  });
  api.get('/members/:email/open-leads', requireAdmin, async (c) =>
    c.json({ open: await openLeadCount(db, c.req.param('email')) }),
  );
  api.delete('/members/:email', requireAdmin, async (c) => {
    const email = c.req.param('email');
    if (email.toLowerCase() === c.get('member').email)
      return c.json({ error: 'You cannot remove yourself; ask another admin.' }, 409);
    try {
      return c.json(
        await removeMember(
          db,
          email,
          c.get('member'),
          c.req.query('handOverTo') || undefined,
          options.notices,
        ),
      );
    } catch (error) {
      if (error instanceof MemberProblem) return c.json({ error: error.message }, error.status);
      throw error;
    }
  });

  api.get('/audit', requireAdmin, async (c) =>
    c.json(
      await readAudit(db, c.req.query('before') ?? null, {
        actor: c.req.query('actor') || undefined,
        action: c.req.query('action') || undefined,
      }),
    ),
  );
  api.get('/audit/choices', requireAdmin, async (c) => c.json(await auditChoices(db)));

  // Every member sees the pipeline's figures: sales staff plan their week by them.
  api.get('/numbers', async (c) => c.json(await leadNumbers(db)));
  api.route('/leads', inboxApi(db, options.emailPrinted, options.notices));
  if (sheets !== null) {
    api.use('/sheets', requireSheetRole);
    api.use('/sheets/*', requireSheetRole);
    api.route('/sheets', sheets);
  }

  api.all('*', (c) => c.json({ error: 'No such staff API.' }, 404));
  return api;
}

export function staffConsole(options: StaffConsoleOptions) {
  const { staffAuth, consoleRoot } = options;
  const app = new Hono<StaffEnv>();
  app.use('/staff', consoleHeaders);
  app.use('/staff/*', consoleHeaders, sameOrigin(options.publicOrigin));

  app.route('/', authRoutes(staffAuth, options.db, options.trustProxy));

  // The sign-in screen and the console's script and styles hold no lead: anyone may load them.
  const page = async () => readFile(join(consoleRoot, 'index.html'), 'utf8').catch(() => null);
  const servePage = async (c: Context) => {
    const html = await page();
    return html === null
      ? c.text('The staff console has not been built: run `npm run build`.', 503)
      : c.html(html);
  };
  app.get('/staff/sign-in', servePage);
  app.get(
    '/staff/assets/*',
    serveStatic({ root: consoleRoot, rewriteRequestPath: (path) => path.replace(/^\/staff/, '') }),
    (c) => c.text('Not found.', 404),
  );

  const sheets =
    options.sheets === undefined
      ? null
      : sheetsApi({
          ...options.sheets,
          member: (c) => (c as Context<StaffEnv>).get('member'),
          isAdmin: (c) => (c as Context<StaffEnv>).get('member').role === 'admin',
          downloads: sheetDownloads(options.db),
          audit: (c, action, subject, detail) =>
            writeAudit(options.db, (c as Context<StaffEnv>).get('member'), action, subject, detail),
          previewBase: '/staff/preview/',
        });

  const guard = requireMember(staffAuth);
  app.use('/staff', guard);
  app.use('/staff/*', guard);
  app.route('/staff/api', staffApi(options, sheets?.api ?? null));
  if (sheets !== null) {
    app.use('/staff/preview/*', requireSheetRole);
    app.route('/staff/preview', sheets.preview);
  }
  app.get('/staff', (c) => c.redirect('/staff/leads', 302));
  app.get('/staff/', (c) => c.redirect('/staff/leads', 302));
  app.get('/staff/*', servePage);
  app.all('/staff/*', (c) => c.text('Pages can only be read (GET or HEAD).', 405));
  return app;
}
