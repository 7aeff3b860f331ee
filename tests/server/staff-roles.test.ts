/**
 * Roles decide who publishes: every door of the console, read from the app's
 * own route table, answers each role as the README says. Sales staff are
 * refused every Sheets address and preview; publishers also the Staff and
 * audit doors and Restore; each refusal a 403 in plain words, before anything
 * is read or changed (the harness's publisher fails the test if touched). An
 * admin changes a role, audited, and it counts at the member's next request;
 * the migration makes every editor a publisher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { BACKENDS } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { staffHarness } from './staff-harness';

const SHEETS_REFUSAL =
  'Only an admin or a publisher may change the website’s sheets; sales staff work the leads. Ask an admin to change your role if you need to.';
const ADMIN_REFUSAL = 'Only an admin may do this. Ask an admin of the staff console.';

/** Every method and address of the Sheets API and previews, parameters filled in. */
function sheetDoors(harness: StaffHarness) {
  const fill: Record<string, string> = {
    file: 'pre-rented.csv',
    format: 'xlsx',
    kind: 'undo',
    changeId: 'c1',
    path: 'projects/a.jpg',
    draftId: 'd1',
  };
  const doors = new Set<string>();
  for (const route of harness.app.routes) {
    if (!route.path.startsWith('/staff/api/sheets') && !route.path.startsWith('/staff/preview')) continue;
    if (route.method === 'ALL') continue;
    const path = route.path
      .replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => fill[name] ?? name)
      .replace(/\/\*$/, '/index.html');
    doors.add(`${route.method} ${path}`);
  }
  return [...doors].sort();
}

describe.each(BACKENDS)('roles on %s', (backend) => {
  let harness: StaffHarness;
  let admin: SignedIn;
  let publisher: SignedIn;
  let sales: SignedIn;

  beforeAll(async () => {
    harness = await staffHarness(backend);
    admin = await harness.signedIn('admin', 'Asha Admin');
    publisher = await harness.signedIn('publisher', 'Pooja Publisher');
    sales = await harness.signedIn('sales', 'Sunil Sales');
  }, 60_000);
  afterAll(() => harness.close());

  const status = async (door: string, as: SignedIn, body?: unknown) => {
    const [method = 'GET', path = ''] = door.split(' ');
    const sent = body === undefined || method === 'GET' ? {} : { body };
    const response = await harness.request(path, { method, as, ...sent });
    const text = await response.text();
    return `${response.status} ${response.status === 403 && text !== '' ? (JSON.parse(text) as { error: string }).error : ''}`;
  };

  it('refuses sales staff every Sheets address and preview, in plain words', async () => {
    const doors = sheetDoors(harness);
    expect(doors).toEqual(
      expect.arrayContaining([
        'GET /staff/api/sheets',
        'POST /staff/api/sheets/upload',
        'POST /staff/api/sheets/publish',
        'POST /staff/api/sheets/undo',
        'POST /staff/api/sheets/restore',
        'DELETE /staff/api/sheets/pictures/projects/a.jpg',
        'GET /staff/preview/d1/index.html',
      ]),
    );
    for (const door of doors)
      expect([door, await status(door, sales)]).toEqual([
        door,
        // A HEAD answer has no body to say why.
        door.startsWith('HEAD') ? '403 ' : `403 ${SHEETS_REFUSAL}`,
      ]);
  });

  it('lets publishers at the sheets but not at Restore, the staff list’s changes or the audit log', async () => {
    expect(await status('GET /staff/api/sheets', publisher)).toBe('200 ');
    expect(await status('POST /staff/api/sheets/restore', publisher, { changeId: 'c1' })).toBe(
      '403 Only an admin may restore the whole site as it was. Ask an admin, or undo one change.',
    );
    for (const door of [
      'POST /staff/api/members',
      `PATCH /staff/api/members/${sales.member.email}`,
      `DELETE /staff/api/members/${sales.member.email}`,
      'GET /staff/api/audit',
    ])
      for (const who of [publisher, sales])
        expect([door, who.member.role, await status(door, who, { role: 'admin' })]).toEqual([
          door,
          who.member.role,
          `403 ${ADMIN_REFUSAL}`,
        ]);
    for (const door of ['GET /staff/api/leads', 'GET /staff/api/members', 'GET /staff/api/me'])
      for (const who of [admin, publisher, sales])
        expect([door, await status(door, who)]).toEqual([door, '200 ']);
  });

  it('lets an admin change a member’s role, audited, counting at their next request', async () => {
    const path = `/staff/api/members/${encodeURIComponent(sales.member.email)}`;
    const bad = await harness.request(path, { method: 'PATCH', as: admin, body: { role: 'owner' } });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: 'The role must be admin, publisher, sales.' },
    ]);
    const own = await harness.request(`/staff/api/members/${encodeURIComponent(admin.member.email)}`, {
      method: 'PATCH',
      as: admin,
      body: { role: 'sales' },
    });
    expect([own.status, await own.json()]).toEqual([
      409,
      { error: 'You cannot change your own role; ask another admin.' },
    ]);

    const changed = await harness.request(path, { method: 'PATCH', as: admin, body: { role: 'publisher' } });
    expect(await changed.json()).toMatchObject({ email: sales.member.email, role: 'publisher' });
    expect(await status('GET /staff/api/sheets', sales)).toBe('200 ');
    expect((await harness.audit()).at(-1)).toEqual({
      actor_email: admin.member.email,
      actor_name: 'Asha Admin',
      action: 'staff-role-changed',
      subject: sales.member.email,
      detail: { from: 'sales', to: 'publisher' },
    });
  });

  it('makes every editor a publisher when migrating', async () => {
    const { db } = harness;
    await db.query('ALTER TABLE staff_member DROP CONSTRAINT staff_member_role_check');
    await db.query(
      "ALTER TABLE staff_member ADD CONSTRAINT staff_member_role_check CHECK (role IN ('admin', 'editor', 'publisher', 'sales'))",
    );
    await db.query(
      `INSERT INTO staff_member (id, email, name, role) VALUES ('old-editor', 'old.editor@example.com', 'Old Editor', 'editor')`,
    );
    await db.query("DELETE FROM schema_migrations WHERE name = '006-roles.sql'");
    expect(await migrate(db)).toEqual(['006-roles.sql']);
    expect(await db.query("SELECT role FROM staff_member WHERE id = 'old-editor'")).toEqual([
      { role: 'publisher' },
    ]);
  });
});
