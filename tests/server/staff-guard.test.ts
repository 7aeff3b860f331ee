/**
 * Every /staff/* address, read from the app's own route table and the
 * console's screens (src/staff/screens.tsx), refuses a visitor: a page sends
 * them to sign in, an API answers 401, and neither shows a lead. A write from
 * another origin is refused and changes nothing; a removed member's cookie
 * stops working at once, removed as `npm run staff -- remove` does it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPaths } from '../../server/db/embedded';
import { openLocalAccess } from '../../server/leads/local-access';
import { staffCommandThroughLocalAccess } from '../../server/leads/local-access-client';
import { runStaffCommand } from '../../server/staff/commands';
import { SCREENS } from '../../src/staff/screens';
import { BACKENDS } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { ORIGIN, staffHarness } from './staff-harness';

/** What a visitor may load: the sign-in endpoints, the sign-in screen and its script and styles. */
const PUBLIC = ['/staff/api/auth/', '/staff/sign-in', '/staff/assets/'];
const isPublic = (path: string) =>
  PUBLIC.some((prefix) => path === prefix || (prefix.endsWith('/') && path.startsWith(prefix)));
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const METHODS = ['GET', 'HEAD', ...WRITES];

/** What the lead seeded below is recognised by, in any body. */
const SECRET_LEAD = { name: 'Kavya Secretlead', email: 'kavya.secretlead@example.com', phone: '98990 31337' };

/** Every address and method under /staff that the app routes, with its parameters filled in. */
function staffAddresses(harness: StaffHarness, fill: Record<string, string>) {
  const addresses = new Set<string>();
  for (const route of harness.app.routes) {
    if (!route.path.startsWith('/staff') || isPublic(route.path)) continue;
    let paths = [route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => fill[name] ?? name)];
    if (paths[0]?.endsWith('/*')) {
      const base = paths[0].slice(0, -2);
      paths =
        base === '/staff'
          ? [
              '/staff/no-such-screen',
              ...SCREENS.map((screen) => `${base}${screen.path.replace(/:id/, fill.id ?? 'id')}`),
            ]
          : [`${base}/anything`];
    }
    const methods = route.method === 'ALL' ? METHODS : [route.method];
    for (const path of paths) for (const method of methods) addresses.add(`${method} ${path}`);
  }
  return [...addresses].sort().map((line) => {
    const [method = '', path = ''] = line.split(' ');
    return { method, path };
  });
}

const counts = (harness: StaffHarness) =>
  harness.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM enquiries) AS enquiries, (SELECT count(*)::int FROM lead_notes) AS notes,
            (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM staff_member) AS members,
            (SELECT count(*)::int FROM staff_session) AS sessions,
            (SELECT count(*)::int FROM staff_verification) AS verifications,
            (SELECT json_agg(e ORDER BY e.id)::text FROM enquiries e) AS rows`,
  );

describe.each(BACKENDS)('the staff console on %s', (backend) => {
  let harness: StaffHarness;
  let admin: SignedIn;
  let fill: Record<string, string>;

  beforeAll(async () => {
    harness = await staffHarness(backend);
    admin = await harness.signedIn('admin', 'Asha Admin');
    const editor = await harness.addMember('publisher', 'Rohan Editor');
    fill = {
      id: await harness.postLead(SECRET_LEAD),
      email: editor.email,
      draftId: 'd1',
      file: 'pre-rented.csv',
      format: 'xlsx',
    };
  }, 60_000);
  afterAll(() => harness.close());

  it('routes every console screen and API resource the test expects to find', () => {
    const paths = staffAddresses(harness, fill).map((address) => address.path);
    for (const screen of SCREENS)
      expect(paths).toContain(`/staff${screen.path.replace(':id', fill.id ?? '')}`);
    for (const api of ['/staff/api/me', '/staff/api/leads', '/staff/api/audit', '/staff/api/sheets/publish'])
      expect(paths).toContain(api);
  });

  it('refuses a visitor at every address: pages send them to sign in, the API answers 401, no lead shows', async () => {
    const refusals = new Set<string>();
    for (const { method, path } of staffAddresses(harness, fill)) {
      const response = await harness.request(path, {
        method,
        origin: WRITES.includes(method) ? ORIGIN : null,
      });
      const body = await response.text();
      for (const value of [...Object.values(SECRET_LEAD), fill.id ?? ''])
        expect(body, `${method} ${path}`).not.toContain(value);
      expect(response.headers.get('Cache-Control'), `${method} ${path}`).toBe('private, no-store');
      expect(response.headers.get('X-Robots-Tag'), `${method} ${path}`).toBe('noindex, nofollow');
      expect(response.headers.get('X-Frame-Options'), `${method} ${path}`).toBe('DENY');
      const answer = path.startsWith('/staff/api/')
        ? `${response.status} ${method === 'HEAD' ? '(no body)' : body}`
        : `${response.status} ${response.headers.get('Location')?.replace(/next=.*/, 'next=…')}`;
      if (!path.startsWith('/staff/api/'))
        expect(response.headers.get('Location'), `${method} ${path}`).toBe(
          `/staff/sign-in?next=${encodeURIComponent(path)}`,
        );
      refusals.add(answer);
    }
    expect([...refusals].sort()).toMatchInlineSnapshot(`
      [
        "303 /staff/sign-in?next=…",
        "401 (no body)",
        "401 {"error":"Sign in to the staff console first."}",
      ]
    `);
  });

  it('refuses a signed-in member’s write from another origin, or with none, and changes nothing', async () => {
    const before = await counts(harness);
    const writes = staffAddresses(harness, fill).filter(({ method }) => WRITES.includes(method));
    const sent = [
      ...writes,
      { method: 'POST', path: '/staff/api/auth/sign-out' },
      { method: 'POST', path: '/staff/api/auth/email-otp/send-verification-otp' },
    ];
    const bodies = new Set<string>();
    for (const { method, path } of sent)
      for (const origin of ['https://gurgaon-homes.example', 'null', `${ORIGIN}.evil.example`, null]) {
        const response = await harness.request(path, {
          method,
          as: admin,
          origin,
          body: {
            version: 1,
            status: 'won',
            body: 'Forged note',
            email: admin.member.email,
            name: 'Forged',
            role: 'admin',
          },
        });
        expect(response.status, `${method} ${path} from ${origin}`).toBe(403);
        bodies.add(await response.text());
      }
    expect(await counts(harness)).toEqual(before);
    expect((await harness.request('/staff/api/me', { as: admin })).status).toBe(200);
    expect([...bodies]).toMatchInlineSnapshot(`
      [
        "{"error":"This change must come from the staff console’s own pages; nothing was changed."}",
      ]
    `);
  });

  it('refuses an editor the admins’ API', async () => {
    const editor = await harness.signedIn('publisher', 'Nisha Editor');
    const before = await counts(harness);
    const answers = await Promise.all(
      [
        harness.request('/staff/api/audit', { as: editor }),
        harness.request('/staff/api/members', {
          method: 'POST',
          as: editor,
          body: { email: 'new.admin@example.com', name: 'New Admin', role: 'admin' },
        }),
        harness.request(`/staff/api/members/${encodeURIComponent(admin.member.email)}`, {
          method: 'DELETE',
          as: editor,
        }),
      ].map(async (response) => `${(await response).status} ${await (await response).text()}`),
    );
    expect(new Set(answers)).toEqual(
      new Set(['403 {"error":"Only an admin may do this. Ask an admin of the staff console."}']),
    );
    expect(await counts(harness)).toEqual(before);
  });

  it('refuses a removed member’s cookie at once, removed as npm run staff -- remove does', async () => {
    const leaving = await harness.signedIn('publisher', 'Leaving Editor');
    expect((await harness.request('/staff/api/leads', { as: leaving })).status).toBe(200);

    // As `npm run staff -- remove` does it: through the service's local socket when the service
    // holds the embedded database, on the database itself when it is a PostgreSQL server.
    const { env } = harness;
    const command = { command: 'remove', email: leaving.member.email } as const;
    let removed;
    if (env.DATABASE_URL === undefined) {
      const socket = embeddedPaths(env.DATA_DIR).socket;
      const local = await openLocalAccess(harness.db, socket, harness.staffAuth);
      removed = await staffCommandThroughLocalAccess(socket, command).finally(() => local.close());
    } else removed = await runStaffCommand(harness.db, harness.staffAuth, command);
    expect(removed).toEqual({ command: 'remove', member: leaving.member });

    const api = await harness.request('/staff/api/leads', { as: leaving });
    expect(api.status).toBe(401);
    expect(await api.text()).not.toContain(SECRET_LEAD.name);
    const page = await harness.request('/staff/leads', { as: leaving });
    expect(page.status).toBe(303);
    const patch = await harness.request(`/staff/api/leads/${fill.id}`, {
      method: 'PATCH',
      as: leaving,
      body: { version: 1, status: 'spam' },
    });
    expect(patch.status).toBe(401);
    const [sessions] = await harness.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_session s JOIN staff_member m ON m.id = s."userId" WHERE m.email = $1',
      [leaving.member.email],
    );
    expect(sessions?.n).toBe(0);
    expect((await harness.audit()).at(-1)).toMatchObject({
      actor_email: 'npm run staff',
      action: 'staff-removed',
      subject: leaving.member.email,
    });
  }, 60_000);
});
