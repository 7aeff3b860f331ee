/**
 * The staff console's server tests: the whole service's Hono app (lead API,
 * console, site) on a migrated test database, with better-auth as the service
 * configures it and the Sheets API mounted on a publisher no visitor may reach.
 * Members are added and removed as `npm run staff` does (server/staff/commands.ts)
 * and signed in with the one-time link `npm run staff -- link` prints, opened
 * on better-auth's own endpoint: the cookie it sets is the member's.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { Publisher } from '../../server/publish/publisher';
import type { StaffAuth } from '../../server/staff/auth';
import { createStaffAuth } from '../../server/staff/auth';
import { runStaffCommand } from '../../server/staff/commands';
import type { StaffMember, StaffRole } from '../../src/schema/staff';
import type { Backend } from './databases';
import { migratedDatabase, POPUP_LEAD } from './databases';

/** Where the console is reached (a port of this worktree's range; nothing listens: requests go to the app). */
export const ORIGIN = 'http://127.0.0.1:5399';

/** A publisher whose every use fails the test: only signed-in staff could reach the Sheets API. */
const untouchablePublisher = new Proxy({} as Publisher, {
  get: (_target, name) => () => {
    throw new Error(
      `The Sheets API's publisher was used (${String(name)}) by a request the guard should stop.`,
    );
  },
});

/** A member and the session cookie their one-time link gave them. */
export interface SignedIn {
  member: StaffMember;
  cookie: string;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  as?: SignedIn;
  /** The Origin header; a write from the console's pages sends ORIGIN. */
  origin?: string | null;
}

export async function staffHarness(backend: Backend) {
  const database = await migratedDatabase(backend);
  const { db } = database;
  const folder = await mkdtemp(join(tmpdir(), 'staff-api-'));
  // Empty builds of the site and the console: the static handlers find their folders, and no page.
  await Promise.all(['site', 'site-staff'].map((name) => mkdir(join(folder, name))));
  const codes: string[] = [];
  /** How often a change nudged the outbox to send the staff emails it queued. */
  const kicks = { count: 0 };
  const staffAuth: StaffAuth = createStaffAuth({
    db,
    secret: `test-secret-${randomUUID()}-${randomUUID()}`,
    origin: ORIGIN,
    fixedOrigin: false,
    mailer: {
      sendCode: async ({ email, code }) => void codes.push(`${email} ${code}`),
      close: () => undefined,
    },
  });
  const app = createApp({
    db,
    siteRoot: join(folder, 'site'),
    siteOrigins: [],
    rateLimit: 0,
    trustProxy: false,
    emailJsStandIn: false,
    channels: ['email'],
    onStored: () => undefined,
    staff: {
      db,
      staffAuth,
      publicOrigin: undefined,
      consoleRoot: join(folder, 'site-staff'),
      trustProxy: false,
      emailPrinted: false,
      notices: { origin: ORIGIN, kick: () => void (kicks.count += 1) },
      sheets: { publisher: untouchablePublisher, repoDir: folder },
    },
  });

  /** A request to the app at ORIGIN, with the member's cookie and (for writes) the console's Origin. */
  function request(path: string, { method = 'GET', body, as, origin }: RequestOptions = {}) {
    const headers = new Headers();
    if (as !== undefined) headers.set('Cookie', as.cookie);
    const sentOrigin =
      origin === undefined ? (method === 'GET' || method === 'HEAD' ? null : ORIGIN) : origin;
    if (sentOrigin !== null) headers.set('Origin', sentOrigin);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    return app.request(new URL(path, ORIGIN).href, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  let serial = 0;
  /** Adds a member as `npm run staff -- add` does. */
  async function addMember(role: StaffRole, name: string): Promise<StaffMember> {
    serial += 1;
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${serial}@example.com`;
    const result = await runStaffCommand(db, staffAuth, { command: 'add', member: { email, name, role } });
    if (result.command !== 'add') throw new Error(`npm run staff -- add answered ${result.command}.`);
    return result.member;
  }

  /** Opens the link `npm run staff -- link` prints, as a browser would, and keeps the cookie it sets. */
  async function signIn(member: StaffMember): Promise<SignedIn> {
    const result = await runStaffCommand(db, staffAuth, { command: 'link', email: member.email });
    if (result.command !== 'link') throw new Error(`npm run staff -- link answered ${result.command}.`);
    const response = await app.request(result.url);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.includes('session_token='))
      .join('; ');
    if (cookie === '')
      throw new Error(
        `The link answered ${response.status} ${response.headers.get('location')} and no session.`,
      );
    return { member, cookie };
  }

  /** A member of `role`, signed in. */
  const signedIn = async (role: StaffRole, name: string) => signIn(await addMember(role, name));

  /** Posts a lead to /addLead as the site's forms do; returns its id. */
  async function postLead(fields: Record<string, string> = {}): Promise<string> {
    const response = await app.request(`${ORIGIN}/addLead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ ...POPUP_LEAD, ...fields }),
    });
    if (response.status !== 201)
      throw new Error(`/addLead answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  }

  return {
    db,
    app,
    staffAuth,
    /** How the service would be configured to reach this database (DATA_DIR, DATABASE_URL). */
    env: database.test.env,
    codes,
    kicks,
    /** The staff emails queued in the outbox, oldest first. */
    staffMail: () =>
      db.query<{ recipient: string; subject: string; body: string }>(
        "SELECT recipient, subject, body FROM notifications WHERE channel = 'staff' ORDER BY id",
      ),
    request,
    addMember,
    signIn,
    signedIn,
    postLead,
    /** The lines of the audit log, oldest first. */
    audit: () =>
      db.query<{ actor_email: string; actor_name: string; action: string; subject: string; detail: unknown }>(
        'SELECT actor_email, actor_name, action, subject, detail FROM audit_log ORDER BY id',
      ),
    async close() {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

export type StaffHarness = Awaited<ReturnType<typeof staffHarness>>;
