/**
 * What the console tells members by email through the outbox (issue 34): a lead assigned to
 * them, the open leads they take over when a colleague is removed, and each morning one email
 * of the follow-ups they have due, never twice on one day.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOutbox } from '../../server/notify/outbox';
import type { StaffMail } from '../../server/notify/staff-mail';
import { runDigest, startDigest } from '../../server/staff/notices';
import { BACKENDS } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { ORIGIN, staffHarness } from './staff-harness';

/** 09:05 in India on 10 March 2031: the morning's email is due. */
const MORNING = new Date('2031-03-10T03:35:00Z');

describe.each(BACKENDS)('emails to members on %s', (backend) => {
  let harness: StaffHarness;
  let admin: SignedIn;

  beforeAll(async () => {
    harness = await staffHarness(backend);
    admin = await harness.signedIn('admin', 'Asha Admin');
  }, 60_000);
  afterAll(() => harness.close());
  beforeEach(async () => {
    await harness.db.query("DELETE FROM notifications WHERE channel = 'staff'");
  });

  const assign = (id: string, version: number, ownerId: string, as = admin) =>
    harness.request(`/staff/api/leads/${id}`, { method: 'PATCH', as, body: { version, ownerId } });

  it('emails a lead’s new owner, not someone who takes it themselves', async () => {
    const meera = await harness.signedIn('sales', 'Meera Sharma');
    const id = await harness.postLead({
      name: 'Priya Kapoor',
      project: 'Paras Floret',
      phone: '98110 22334',
    });
    const kicks = harness.kicks.count;

    expect((await assign(id, 1, meera.member.id)).status).toBe(200);
    expect((await assign(id, 2, meera.member.id)).status).toBe(200);
    expect(await harness.staffMail()).toEqual([
      {
        recipient: meera.member.email,
        subject: 'Asha Admin assigned you a lead: Priya Kapoor',
        body: `Hello Meera Sharma,\n\nAsha Admin made you the owner of this lead:\n- Priya Kapoor, 98110 22334, Paras Floret\n  ${ORIGIN}/staff/leads/${id}`,
      },
    ]);
    expect(harness.kicks.count).toBeGreaterThan(kicks);

    const other = await harness.postLead({ name: 'Rohan Mehta' });
    expect((await assign(other, 1, meera.member.id, meera)).status).toBe(200);
    expect(await harness.staffMail()).toHaveLength(1);
  });

  it('removes a member only once someone takes over their open leads, in one transaction', async () => {
    const leaving = await harness.addMember('sales', 'Vikram Singh');
    const heir = await harness.addMember('sales', 'Neha Gupta');
    const open = [
      await harness.postLead({ name: 'Kabir Rao' }),
      await harness.postLead({ name: 'Isha Jain' }),
    ];
    const won = await harness.postLead({ name: 'Dev Arora' });
    await harness.db.query('UPDATE enquiries SET owner_id = $1 WHERE id = ANY($2::uuid[])', [
      leaving.id,
      [...open, won],
    ]);
    await harness.db.query("UPDATE enquiries SET status = 'won' WHERE id = $1", [won]);
    const remove = (query = '') =>
      harness.request(`/staff/api/members/${encodeURIComponent(leaving.email)}${query}`, {
        method: 'DELETE',
        as: admin,
      });

    const count = await harness.request(
      `/staff/api/members/${encodeURIComponent(leaving.email)}/open-leads`,
      {
        as: admin,
      },
    );
    expect(await count.json()).toEqual({ open: 2 });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: 'Vikram Singh owns 2 open leads: choose who takes them over.',
    });
    const toSelf = await remove(`?handOverTo=${encodeURIComponent(leaving.email)}`);
    expect(await toSelf.json()).toEqual({
      error: 'Vikram Singh cannot take over their own leads: choose someone who stays.',
    });
    expect((await remove('?handOverTo=nobody%40example.com')).status).toBe(409);
    expect(await harness.staffMail()).toEqual([]);

    expect((await remove(`?handOverTo=${encodeURIComponent(heir.email)}`)).status).toBe(200);
    const owners = await harness.db.query<{ name: string; owner: string | null }>(
      'SELECT name, owner_id AS owner FROM enquiries WHERE id = ANY($1::uuid[]) ORDER BY name',
      [[...open, won]],
    );
    expect(owners).toEqual([
      { name: 'Dev Arora', owner: null },
      { name: 'Isha Jain', owner: heir.id },
      { name: 'Kabir Rao', owner: heir.id },
    ]);
    const mail = await harness.staffMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      recipient: heir.email,
      subject: 'You take over 2 open leads from Vikram Singh',
    });
    expect(mail[0]?.body).toContain(
      'Asha Admin removed Vikram Singh from the staff and handed you their open leads:',
    );
    expect(mail[0]?.body).toContain('- Kabir Rao, 98110 12345');
    expect(mail[0]?.body).toContain('- Isha Jain, 98110 12345');
    const audit = await harness.audit();
    expect(audit.filter((line) => line.action === 'staff-removed').at(-1)).toMatchObject({
      subject: leaving.email,
      detail: { name: 'Vikram Singh', handedOverTo: 'Neha Gupta', openLeads: 2 },
    });
    expect(
      audit.filter((line) => line.action === 'lead-updated' && open.includes(line.subject)),
    ).toHaveLength(2);
    const timeline = await (await harness.request(`/staff/api/leads/${open[0]}`, { as: admin })).json();
    expect(timeline).toMatchObject({ ownerName: 'Neha Gupta' });
  });

  it('emails each member their follow-ups due once each morning, whoever runs it', async () => {
    const meera = await harness.addMember('sales', 'Meera Kaul');
    const ravi = await harness.addMember('sales', 'Ravi Nair');
    const lead = async (name: string, owner: string, followUp: string, status = 'new') => {
      const id = await harness.postLead({ name });
      await harness.db.query(
        'UPDATE enquiries SET owner_id = $2, follow_up = $3, status = $4 WHERE id = $1',
        [id, owner, followUp, status],
      );
    };
    await lead('Due Today', meera.id, '2031-03-10', 'contacted');
    await lead('Long Overdue', meera.id, '2031-03-01');
    await lead('Not Yet', meera.id, '2031-03-11');
    await lead('Already Won', ravi.id, '2031-03-10', 'won');

    expect(await runDigest(harness.db, new Date('2031-03-10T03:25:00Z'), ORIGIN)).toBeNull();
    const [first, second] = await Promise.all([
      runDigest(harness.db, MORNING, ORIGIN),
      runDigest(harness.db, MORNING, ORIGIN),
    ]);
    expect([first, second].sort()).toEqual([1, null]);
    expect(await runDigest(harness.db, new Date('2031-03-10T17:00:00Z'), ORIGIN)).toBeNull();

    const mail = await harness.staffMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      recipient: meera.email,
      subject: 'Follow-ups due today: 2 leads (1 overdue)',
    });
    expect(mail[0]?.body.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- Long Overdue, 98110 12345, follow up was due 1 Mar 2031 (overdue)',
      '- Due Today, 98110 12345, follow up 10 Mar 2031',
    ]);

    // The next morning's runs on a timer, by the clock it is given, and goes out through the outbox.
    const sent: StaffMail[] = [];
    const outbox = startOutbox(
      harness.db,
      {},
      { pollMs: 60_000 },
      {
        send: async (one) => void sent.push(one),
        close: () => undefined,
      },
    );
    let kicked = 0;
    const digest = startDigest(
      harness.db,
      { origin: ORIGIN, kick: () => void (kicked += 1) },
      () => new Date(MORNING.getTime() + 24 * 60 * 60 * 1000),
      60_000,
    );
    await digest.tick();
    await digest.stop();
    expect(kicked).toBe(1);
    outbox.kick();
    await outbox.idle();
    await outbox.stop();
    expect(sent.map((one) => [one.to, one.subject])).toEqual([
      [meera.email, 'Follow-ups due today: 2 leads (1 overdue)'],
      [meera.email, 'Follow-ups due today: 3 leads (2 overdue)'],
    ]);
  });
});
