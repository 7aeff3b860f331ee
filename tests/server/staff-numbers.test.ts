/** The Numbers screen's figures (issue 34), counted by SQL on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NumbersSchema } from '../../src/schema/numbers';
import { BACKENDS } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { staffHarness } from './staff-harness';

describe.each(BACKENDS)('the Numbers screen’s figures on %s', (backend) => {
  let harness: StaffHarness;
  let sales: SignedIn;

  beforeAll(async () => {
    harness = await staffHarness(backend);
    sales = await harness.signedIn('sales', 'Meera Sharma');
  }, 60_000);
  afterAll(() => harness.close());

  it('counts the last 12 weeks’ leads by week, source and campaign, project, status and owner', async () => {
    const ids = [
      await harness.postLead({ name: 'A', project: 'Paras Floret', data_source: 'Website' }),
      await harness.postLead({ name: 'B', project: 'paras floret', data_source: 'Website' }),
      await harness.postLead({ name: 'C', project: '-', data_source: 'Website' }),
      await harness.postLead({ name: 'D', project: 'M3M Golf Estate', data_source: 'Website' }),
      await harness.postLead({ name: 'Old' }),
      await harness.postLead({ name: 'Message' }),
    ];
    const [a, b, c, d, old, message] = ids;
    const set = (id: string | undefined, assignments: string, params: unknown[] = []) =>
      harness.db.query(`UPDATE enquiries SET ${assignments} WHERE id = $1`, [id, ...params]);
    await set(a, `utm = '{"utm_campaign":"diwali"}', status = 'contacted', owner_id = $2`, [sales.member.id]);
    await set(b, `utm = '{"utm_campaign":"diwali"}', status = 'won'`);
    await set(d, `received_at = now() - interval '7 days'`);
    await set(old, `received_at = now() - interval '100 days'`);
    await set(message, `kind = 'message'`);
    // A's first contact an hour after it came, B's three hours after; C was only given an owner.
    const act = (id: string | undefined, minutes: number, action: string, detail: object) =>
      harness.db.query(
        `INSERT INTO audit_log (at, actor_email, actor_name, action, subject, detail)
         SELECT received_at + make_interval(mins => $2), 'm@example.com', 'M', $3, id::text, $4 FROM enquiries WHERE id = $1`,
        [id, minutes, action, JSON.stringify(detail)],
      );
    await act(a, 60, 'note-added', { note: 'called' });
    await act(a, 120, 'lead-updated', { status: 'contacted' });
    await act(b, 180, 'lead-updated', { status: 'won' });
    await act(c, 30, 'lead-updated', { ownerId: sales.member.id });

    const response = await harness.request('/staff/api/numbers', { as: sales });
    expect(response.status).toBe(200);
    const numbers = NumbersSchema.parse(await response.json());
    expect(numbers.total).toBe(4);
    expect(numbers.weeks).toHaveLength(12);
    expect(numbers.weeks.map((week) => new Date(`${week.label}T00:00:00Z`).getUTCDay())).toEqual(
      Array(12).fill(1),
    );
    expect(numbers.weeks.reduce((sum, week) => sum + week.count, 0)).toBe(4);
    expect(numbers.weeks.at(-2)?.count).toBeGreaterThanOrEqual(1);
    expect(numbers.sources).toEqual([
      { label: 'Website · diwali', count: 2 },
      { label: 'Website · no campaign', count: 2 },
    ]);
    expect(numbers.projects).toEqual([
      { label: 'Paras Floret', count: 2 },
      { label: 'M3M Golf Estate', count: 1 },
      { label: 'No project', count: 1 },
    ]);
    expect(numbers.statuses).toEqual([
      { label: 'new', count: 2 },
      { label: 'contacted', count: 1 },
      { label: 'site-visit', count: 0 },
      { label: 'won', count: 1 },
      { label: 'lost', count: 0 },
      { label: 'spam', count: 0 },
    ]);
    expect(numbers.owners).toEqual([
      { label: 'No owner', count: 3 },
      { label: 'Meera Sharma', count: 1 },
    ]);
    expect(numbers.firstContact.contacted).toBe(2);
    expect(numbers.firstContact.medianHours).toBe(2);
    expect(numbers.firstContact.weeks.filter((week) => week.medianHours !== null).length).toBeGreaterThan(0);
  });

  it('answers only signed-in staff', async () => {
    expect((await harness.request('/staff/api/numbers')).status).toBe(401);
  });
});
