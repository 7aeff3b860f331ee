/**
 * Signing in to the staff console, as a stranger would probe it: only the
 * better-auth endpoints the console uses answer; tries are counted in the
 * database per requester address and per member, asking for a code and
 * entering one together; a code request is answered before its email goes
 * out; a session ends 12 hours after sign-in however it is used; and removing
 * a member ends the codes and links they were sent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRoutes, createStaffAuth, SESSION_HOURS } from '../../server/staff/auth';
import { codeOutbox } from '../../server/staff/mailer';
import { runStaffCommand } from '../../server/staff/commands';
import { TRIES_PER_CLIENT, TRIES_PER_EMAIL } from '../../server/staff/sign-in-budget';
import type { StaffMember } from '../../src/schema/staff';
import { BACKENDS } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { ORIGIN, staffHarness } from './staff-harness';

const AUTH = '/staff/api/auth';

describe.each(BACKENDS)('staff sign-in on %s', (backend) => {
  let harness: StaffHarness;
  let admin: SignedIn;

  beforeAll(async () => {
    harness = await staffHarness(backend);
    admin = await harness.signedIn('admin', 'Asha Admin');
  }, 60_000);
  afterAll(() => harness.close());
  afterEach(async () => {
    vi.useRealTimers();
    await harness.db.query('DELETE FROM sign_in_budget');
  });

  /** A POST to a sign-in endpoint as the console's page sends it, from the client address `ip`. */
  const post = (path: string, body: object, ip = '198.51.100.1') =>
    harness.app.request(
      `${ORIGIN}${AUTH}${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify(body),
      },
      // What @hono/node-server hands the app: the connection the request came on.
      { incoming: { socket: { remoteAddress: ip } } },
    );
  const askCode = (email: string, ip?: string) =>
    post('/email-otp/send-verification-otp', { email, type: 'sign-in' }, ip);
  const enterCode = (email: string, otp: string, ip?: string) =>
    post('/sign-in/email-otp', { email, otp }, ip);

  /** The newest code emailed to `email`, once the emails asked for so far have gone out. */
  async function codeOf(email: string): Promise<string> {
    await harness.staffAuth.mailed();
    const line = harness.codes.findLast((each) => each.startsWith(`${email} `));
    if (line === undefined) throw new Error(`No code was emailed to ${email}.`);
    return line.slice(email.length + 1);
  }

  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers only the endpoints the console uses; a member’s name is changed by an admin only, and audited', async () => {
    const editor = await harness.signedIn('publisher', 'Rohan Editor');
    const unused = [
      ['POST', '/update-user', { name: 'Alice Admin' }],
      ['POST', '/change-email', { newEmail: 'alice@example.com' }],
      ['POST', '/delete-user', {}],
      ['POST', '/forget-password/email-otp', { email: editor.member.email }],
      ['POST', '/email-otp/reset-password', { email: editor.member.email, otp: '123456', password: 'x' }],
      ['POST', '/email-otp/verify-email', { email: editor.member.email, otp: '123456' }],
      [
        'POST',
        '/email-otp/check-verification-otp',
        { email: editor.member.email, otp: '1', type: 'sign-in' },
      ],
      ['POST', '/sign-in/magic-link', { email: editor.member.email }],
      ['POST', '/revoke-sessions', {}],
      ['GET', '/list-sessions', null],
      ['GET', '/ok', null],
    ] as const;
    const answers = new Set<string>();
    for (const [method, path, body] of unused) {
      const response = await harness.request(`${AUTH}${path}`, {
        method,
        as: editor,
        ...(body === null ? {} : { body }),
      });
      answers.add(`${response.status} ${await response.text()}`);
    }
    expect([...answers]).toEqual(['404 {"error":"No such sign-in endpoint."}']);
    const session = await harness.request(`${AUTH}/get-session`, { as: editor });
    expect(session.status).toBe(200);

    const rename = (as: SignedIn, email: string, name: string) =>
      harness.request(`/staff/api/members/${encodeURIComponent(email)}`, {
        method: 'PATCH',
        as,
        body: { name },
      });
    expect((await rename(editor, editor.member.email, 'Alice Admin')).status).toBe(403);
    const me = await harness.request('/staff/api/me', { as: editor });
    expect(await me.json()).toMatchObject({ name: 'Rohan Editor' });

    const renamed = await rename(admin, editor.member.email, '  Rohan Mehta ');
    expect([renamed.status, await renamed.json()]).toEqual([200, { ...editor.member, name: 'Rohan Mehta' }]);
    expect((await harness.audit()).at(-1)).toEqual({
      actor_email: admin.member.email,
      actor_name: 'Asha Admin',
      action: 'staff-renamed',
      subject: editor.member.email,
      detail: { from: 'Rohan Editor', to: 'Rohan Mehta' },
    });
    const refused = await Promise.all([
      rename(admin, editor.member.email, ' '),
      rename(admin, 'nobody@example.com', 'Nobody'),
    ]);
    expect(await Promise.all(refused.map(async (r) => `${r.status} ${await r.text()}`))).toEqual([
      '400 {"error":"Some fields are not valid.","fields":{"name":"must not be empty"}}',
      '404 {"error":"nobody@example.com is not a member of staff."}',
    ]);
  });

  it('counts asking and entering together per address, in the database; a stranger cannot lock a member out', async () => {
    const member = await harness.addMember('publisher', 'Kiran Editor');
    const stranger = '203.0.113.9';
    const statuses: number[] = [];
    for (let tries = 0; tries < TRIES_PER_CLIENT; tries += 1) {
      const response =
        tries % 2 === 0
          ? await askCode(member.email, stranger)
          : await enterCode(member.email, '000000', stranger);
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await enterCode(member.email, '000000', stranger);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchInlineSnapshot(`
      {
        "error": "Too many sign-in attempts; try again in 10 minutes, or ask an admin for a one-time sign-in link.",
      }
    `);
    expect((await askCode('someone.else@example.com', stranger)).status).toBe(429);

    // Kept in the database: a service started again on it (a new better-auth) still refuses.
    const restarted = authRoutes(
      createStaffAuth({
        db: harness.db,
        secret: `test-secret-${randomUUID()}`,
        origin: ORIGIN,
        fixedOrigin: false,
        mailer: { sendCode: async () => undefined, close: () => undefined },
      }),
      harness.db,
      false,
    );
    const again = await restarted.request(
      `${ORIGIN}${AUTH}/sign-in/email-otp`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ email: member.email, otp: '000000' }),
      },
      { incoming: { socket: { remoteAddress: stranger } } },
    );
    expect(again.status).toBe(429);

    // The member, from their own address, asks for a code and signs in.
    expect((await askCode(member.email, '198.51.100.20')).status).toBe(200);
    const signedIn = await enterCode(member.email, await codeOf(member.email), '198.51.100.20');
    expect(signedIn.status).toBe(200);
  });

  it('caps one member’s tries from all addresses together, and an admin’s link still signs them in', async () => {
    const member = await harness.addMember('publisher', 'Tara Editor');
    let address = 0;
    let answered = 0;
    // Strangers from several addresses, each within its own budget, until the member's is spent.
    for (let tries = 0; tries < TRIES_PER_EMAIL; tries += 1) {
      if (tries % TRIES_PER_CLIENT === 0) address += 1;
      const response = await enterCode(member.email, '000000', `203.0.113.${address}`);
      if (response.status !== 429) answered += 1;
    }
    expect(answered).toBe(TRIES_PER_EMAIL);
    expect((await askCode(member.email, '198.51.100.30')).status).toBe(429);
    expect((await askCode('another.member@example.com', '198.51.100.30')).status).toBe(200);

    const signedIn = await harness.signIn(member);
    expect((await harness.request('/staff/api/me', { as: signedIn })).status).toBe(200);
  });

  it('answers a code request at once, the same for a stranger, while the email is still being sent', async () => {
    const member = await harness.addMember('publisher', 'Dev Editor');
    let release = () => {};
    const smtp = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const sent: string[] = [];
    const staffAuth = createStaffAuth({
      db: harness.db,
      secret: `test-secret-${randomUUID()}`,
      origin: ORIGIN,
      fixedOrigin: false,
      // An SMTP server that does not answer until the test lets it.
      mailer: {
        sendCode: async ({ email }) => {
          await smtp;
          sent.push(email);
        },
        close: () => undefined,
      },
    });
    const routes = authRoutes(staffAuth, harness.db, false);
    const ask = (email: string) =>
      routes.request(`${ORIGIN}${AUTH}/email-otp/send-verification-otp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({ email, type: 'sign-in' }),
      });
    const [staff, stranger] = await Promise.all([ask(member.email), ask('stranger@example.com')]);
    expect([staff.status, await staff.text()]).toEqual([stranger.status, await stranger.text()]);
    expect(staff.status).toBe(200);
    expect(sent).toEqual([]);
    release();
    await staffAuth.mailed();
    expect(sent).toEqual([member.email]);
  });

  it('tries a failed code email again, and gives up on it without stopping the others', async () => {
    const attempts: string[] = [];
    const outbox = codeOutbox(
      {
        sendCode: async ({ email }) => {
          attempts.push(email);
          if (email !== 'fine@example.com' && attempts.filter((each) => each === email).length < 3)
            throw new Error('421 try later');
          if (email === 'down@example.com') throw new Error('421 try later');
        },
        close: () => undefined,
      },
      [0, 0],
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const email of ['flaky@example.com', 'down@example.com', 'fine@example.com'])
      outbox.post({ email, code: '123456', link: `${ORIGIN}/link`, minutes: 5 });
    await outbox.idle();
    expect(attempts.filter((each) => each === 'flaky@example.com')).toHaveLength(3);
    expect(attempts.filter((each) => each === 'down@example.com')).toHaveLength(3);
    expect(attempts.filter((each) => each === 'fine@example.com')).toHaveLength(1);
    expect(error.mock.calls.map(([line]) => String(line))).toEqual([
      'The sign-in code for down@example.com could not be emailed: 421 try later',
    ]);
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
    error.mockRestore();
  });

  it(`ends a session ${SESSION_HOURS} hours after sign-in, however often it is used meanwhile`, async () => {
    const signedInAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: signedInAt });
    const member = await harness.signedIn('publisher', 'Ira Editor');
    const [row] = await harness.db.query<{ hours: number }>(
      `SELECT extract(epoch FROM s."expiresAt" - s."createdAt")::float / 3600 AS hours
         FROM staff_session s JOIN staff_member m ON m.id = s."userId" WHERE m.email = $1`,
      [member.member.email],
    );
    expect(row?.hours).toBeCloseTo(SESSION_HOURS, 2);
    const session = await harness.request(`${AUTH}/get-session`, { as: member });
    const { expiresAt } = ((await session.json()) as { session: { expiresAt: string } }).session;
    expect(Date.parse(expiresAt) - signedInAt).toBeCloseTo(SESSION_HOURS * 3_600_000, -4);

    for (let hour = 1; hour < SESSION_HOURS; hour += 1) {
      vi.setSystemTime(signedInAt + hour * 3_600_000);
      expect((await harness.request('/staff/api/me', { as: member })).status, `after ${hour} h`).toBe(200);
    }
    const later = await harness.request(`${AUTH}/get-session`, { as: member });
    expect(((await later.json()) as { session: { expiresAt: string } }).session.expiresAt).toBe(expiresAt);
    vi.setSystemTime(Date.parse(expiresAt) + 1000);
    expect((await harness.request('/staff/api/me', { as: member })).status).toBe(401);
  });

  it('ends a removed member’s codes and links: added again, the old ones do not sign them in', async () => {
    const member: StaffMember = await harness.addMember('publisher', 'Neel Editor');
    expect((await askCode(member.email)).status).toBe(200);
    const code = await codeOf(member.email);
    const link = await runStaffCommand(harness.db, harness.staffAuth, {
      command: 'link',
      email: member.email,
    });
    if (link.command !== 'link') throw new Error('npm run staff -- link did not give a link.');
    const outstanding = () =>
      harness.db.query(
        `SELECT 1 FROM staff_verification WHERE identifier = $1 OR (identifier LIKE 'magic-link:%' AND value LIKE $2)`,
        [`sign-in-otp-${member.email}`, `%${member.email}%`],
      );
    // The code, the link in the code's email, and the admin's link.
    expect(await outstanding()).toHaveLength(3);

    await runStaffCommand(harness.db, harness.staffAuth, { command: 'remove', email: member.email });
    expect(await outstanding()).toEqual([]);
    await runStaffCommand(harness.db, harness.staffAuth, {
      command: 'add',
      member: { email: member.email, name: member.name, role: 'publisher' },
    });

    const opened = await harness.app.request(link.url);
    expect(opened.headers.get('Location')).toMatch(/\/staff\/sign-in\?link=invalid/);
    expect(opened.headers.getSetCookie().join()).not.toContain('session_token=');
    expect((await enterCode(member.email, code)).status).toBe(400);
    expect((await enterCode(member.email, wrongCode(code))).status).toBe(400);
  });
});
