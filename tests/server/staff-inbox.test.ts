/**
 * The leads inbox's API as staff use it, signed in by one-time link: status,
 * owner, follow-up and notes saved and written to the audit log with who did
 * it; two editors saving the same lead from the same version; the filters, and
 * the exports of the very same filtered view.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIndiaTime } from '../../src/data/staff';
import type { InboxFilter, LeadRow } from '../../src/schema/staff';
import {
  AuditChoicesSchema,
  AuditPageSchema,
  DueCountsSchema,
  LeadConflictSchema,
  LeadDetailSchema,
  LeadPageSchema,
  ProjectListSchema,
} from '../../src/schema/staff';
import { BACKENDS } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { staffHarness } from './staff-harness';

/** Every lead the filter matches, page after page, as the inbox lists them. */
async function listAll(harness: StaffHarness, as: SignedIn, filter: InboxFilter): Promise<LeadRow[]> {
  const rows: LeadRow[] = [];
  let after: string | null = null;
  do {
    const query = new URLSearchParams(filter as Record<string, string>);
    if (after !== null) query.set('after', after);
    const response = await harness.request(`/staff/api/leads?${query}`, { as });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = LeadPageSchema.parse(await response.json());
    rows.push(...page.leads);
    after = page.next;
    if (after === null) expect(page.total).toBe(rows.length);
  } while (after !== null);
  return rows;
}

/** The Id column of an export of `filter`, in its order. */
async function exportedIds(harness: StaffHarness, as: SignedIn, filter: InboxFilter, kind: 'csv' | 'xlsx') {
  const response = await harness.request(
    `/staff/api/leads/export.${kind}?${new URLSearchParams(filter as Record<string, string>)}`,
    { as },
  );
  expect(response.status).toBe(200);
  if (kind === 'csv') {
    const parsed = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    return parsed.data.map((row) => row.Id);
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await response.arrayBuffer()) as never);
  const sheet = book.getWorksheet('Enquiries');
  const header = (sheet?.getRow(1).values as string[] | undefined) ?? [];
  const idColumn = header.indexOf('Id');
  const ids: string[] = [];
  sheet?.eachRow((row, index) => {
    if (index > 1) ids.push(String(row.getCell(idColumn).value));
  });
  return ids;
}

describe.each(BACKENDS)('the leads inbox on %s', (backend) => {
  let harness: StaffHarness;
  let admin: SignedIn;
  let editorA: SignedIn;
  let editorB: SignedIn;

  beforeAll(async () => {
    harness = await staffHarness(backend);
    admin = await harness.signedIn('admin', 'Asha Admin');
    editorA = await harness.signedIn('sales', 'Meera Sharma');
    editorB = await harness.signedIn('sales', 'Vikram Singh');
  }, 60_000);
  afterAll(() => harness.close());

  const lead = async (id: string) =>
    LeadDetailSchema.parse(await (await harness.request(`/staff/api/leads/${id}`, { as: admin })).json());

  it('saves status, owner, follow-up and a note, and logs each with who did it', async () => {
    const id = await harness.postLead({ name: 'Priya Kapoor', project: 'Paras Floret', remark: '3 BHK' });
    const change = await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorA,
      body: { version: 1, status: 'site-visit', ownerId: editorA.member.id, followUp: '2030-02-01' },
    });
    expect(change.status).toBe(200);
    const note = await harness.request(`/staff/api/leads/${id}/notes`, {
      method: 'POST',
      as: editorB,
      body: { body: '  Called; visiting Saturday with family.  ' },
    });
    expect(note.status).toBe(201);

    expect(await lead(id)).toMatchObject({
      status: 'site-visit',
      ownerId: editorA.member.id,
      ownerName: 'Meera Sharma',
      followUp: '2030-02-01',
      version: 2,
      changedBy: 'Meera Sharma',
      changedFields: ['status', 'owner', 'follow-up date'],
      notes: [
        {
          authorName: 'Vikram Singh',
          authorEmail: editorB.member.email,
          body: 'Called; visiting Saturday with family.',
        },
      ],
    });
    const logged = (await harness.audit()).filter((entry) => entry.subject === id);
    expect(logged).toEqual([
      {
        actor_email: editorA.member.email,
        actor_name: 'Meera Sharma',
        action: 'lead-updated',
        subject: id,
        detail: {
          status: 'site-visit',
          ownerId: editorA.member.id,
          ownerName: 'Meera Sharma',
          followUp: '2030-02-01',
          fromVersion: 1,
        },
      },
      {
        actor_email: editorB.member.email,
        actor_name: 'Vikram Singh',
        action: 'note-added',
        subject: id,
        detail: { note: 'Called; visiting Saturday with family.' },
      },
    ]);
    const page = (await (await harness.request('/staff/api/audit', { as: admin })).json()) as {
      entries: { actorName: string; action: string; subject: string }[];
    };
    expect(
      page.entries.slice(0, 2).map((entry) => `${entry.actorName} ${entry.action} ${entry.subject}`),
    ).toEqual([`Vikram Singh note-added ${id}`, `Meera Sharma lead-updated ${id}`]);

    // Clearing the owner and the follow-up is a change like any other.
    const cleared = await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorB,
      body: { version: 2, ownerId: null, followUp: null },
    });
    expect(await cleared.json()).toMatchObject({
      ownerId: null,
      followUp: null,
      status: 'site-visit',
      version: 3,
    });
  });

  it('exports notes, real Excel dates and a filter row, under a name that says which filter made it', async () => {
    const id = await harness.postLead({
      name: 'Export Notes Buyer',
      project: 'Paras Floret',
      remark: '4 BHK',
    });
    await harness.db.query("UPDATE enquiries SET received_at = '2030-01-05T04:30:00Z' WHERE id = $1", [id]);
    await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorA,
      body: { version: 1, followUp: '2030-01-09' },
    });
    for (const body of ['Called, no answer', 'Visit booked'])
      await harness.request(`/staff/api/leads/${id}/notes`, { method: 'POST', as: editorB, body: { body } });
    const query = 'q=Export+Notes&status=new';

    const csv = await harness.request(`/staff/api/leads/export.csv?${query}`, { as: editorA });
    expect(csv.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}-status-new-search-export-notes\.csv"$/,
    );
    const [row] = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(row?.Notes).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} Vikram Singh: Called, no answer\n.+ Vikram Singh: Visit booked$/,
    );
    expect(row?.['Received (IST)']).toBe('2030-01-05 10:00');

    const xlsx = await harness.request(`/staff/api/leads/export.xlsx?${query}`, { as: editorA });
    expect(xlsx.headers.get('Content-Disposition')).toContain('-status-new-search-export-notes.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await xlsx.arrayBuffer()) as never);
    const sheet = book.getWorksheet('Enquiries');
    const header = (sheet?.getRow(1).values as string[] | undefined) ?? [];
    const cell = (name: string) => sheet?.getRow(2).getCell(header.indexOf(name));
    expect(cell('Received (IST)')?.value).toEqual(new Date('2030-01-05T10:00:00Z'));
    expect(cell('Received (IST)')?.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(cell('Follow-up')?.value).toEqual(new Date('2030-01-09T00:00:00Z'));
    expect(String(cell('Notes')?.value)).toContain('Visit booked');
    expect(sheet?.autoFilter).toBe(
      `A1:${sheet
        ?.getRow(1)
        .getCell(header.length - 1)
        .address.replace(/\d+$/, '')}1`,
    );
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  }, 30_000);

  it('reads the audit log newest first, naming leads and owners, by member and by kind', async () => {
    const id = await harness.postLead({ name: 'Audit Named Buyer' });
    await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorB,
      body: { version: 1, ownerId: editorA.member.id },
    });
    await harness.request(`/staff/api/leads/${id}/notes`, {
      method: 'POST',
      as: editorA,
      body: { body: 'Audit note' },
    });
    const read = async (query: string) =>
      AuditPageSchema.parse(await (await harness.request(`/staff/api/audit?${query}`, { as: admin })).json())
        .entries;
    const [newest, before] = await read('');
    expect([newest?.action, newest?.subjectName, before?.action, before?.subjectName]).toEqual([
      'note-added',
      'Audit Named Buyer',
      'lead-updated',
      'Audit Named Buyer',
    ]);
    expect(before?.detail).toMatchObject({ owner: 'Meera Sharma' });
    expect(before?.detail).not.toHaveProperty('ownerId');
    const ids = (await read('')).map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byMember = await read(`actor=${encodeURIComponent(editorB.member.email)}`);
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((entry) => entry.actorName === 'Vikram Singh')).toBe(true);
    const notes = await read('action=note-added');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((entry) => entry.action === 'note-added')).toBe(true);
    const choices = AuditChoicesSchema.parse(
      await (await harness.request('/staff/api/audit/choices', { as: admin })).json(),
    );
    expect(choices.actions).toEqual(expect.arrayContaining(['lead-updated', 'note-added']));
    expect(choices.actors).toEqual(
      expect.arrayContaining([{ email: editorB.member.email, name: 'Vikram Singh' }]),
    );
  }, 30_000);

  it('tells a lead’s story in its timeline: received, emailed, each change with who made it, the notes', async () => {
    const id = await harness.postLead({ name: 'Timeline Buyer', project: 'Paras Floret', remark: '2 BHK' });
    await harness.db.query(
      "UPDATE notifications SET delivered_at = now() WHERE enquiry_id = $1 AND channel = 'email'",
      [id],
    );
    const patch = (as: SignedIn, body: Record<string, unknown>) =>
      harness.request(`/staff/api/leads/${id}`, { method: 'PATCH', as, body });
    expect(
      (await patch(editorA, { version: 1, status: 'contacted', ownerId: editorB.member.id })).status,
    ).toBe(200);
    await harness.request(`/staff/api/leads/${id}/notes`, {
      method: 'POST',
      as: editorB,
      body: { body: 'Visit on Sunday' },
    });
    expect((await patch(editorB, { version: 2, followUp: '2030-03-05' })).status).toBe(200);
    expect((await patch(editorB, { version: 3, followUp: null, ownerId: null })).status).toBe(200);
    const story = (await lead(id)).timeline.map(({ kind, who, what }) => [kind, who, what]);
    expect(story).toEqual([
      ['received', null, 'Enquiry received'],
      ['emailed', null, 'Emailed to the sales team'],
      ['status', 'Meera Sharma', 'Status: Contacted'],
      ['owner', 'Meera Sharma', 'Owner: Vikram Singh'],
      ['note', 'Vikram Singh', 'Visit on Sunday'],
      ['follow-up', 'Vikram Singh', 'Follow-up: 5 Mar 2030'],
      ['owner', 'Vikram Singh', 'Owner: nobody'],
      ['follow-up', 'Vikram Singh', 'Follow-up date cleared'],
    ]);
    const times = (await lead(id)).timeline.map((event) => event.at);
    expect(times).toEqual([...times].sort());
  });

  it('refuses the later of two saves from the same version, naming who changed what, and keeps the earlier', async () => {
    const id = await harness.postLead({ name: 'Rahul Mehta' });
    const opened = await lead(id);
    const first = await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorA,
      body: { version: opened.version, status: 'contacted', followUp: '2030-03-15' },
    });
    expect(first.status).toBe(200);
    const auditBefore = (await harness.audit()).length;

    const second = await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorB,
      body: { version: opened.version, status: 'spam', ownerId: editorB.member.id },
    });
    expect(second.status).toBe(409);
    const conflict = LeadConflictSchema.parse(await second.json());
    expect(conflict.lead).toMatchObject({
      status: 'contacted',
      followUp: '2030-03-15',
      ownerId: null,
      version: 2,
    });
    expect(
      conflict.error.replace(formatIndiaTime(conflict.lead.changedAt ?? ''), '<time>'),
    ).toMatchInlineSnapshot(
      `"Meera Sharma changed the status, follow-up date at <time>, after you opened this lead; your change was not saved. The lead now shows their change: make yours again if it still applies."`,
    );

    expect(await lead(id)).toMatchObject({
      status: 'contacted',
      followUp: '2030-03-15',
      ownerId: null,
      version: 2,
    });
    expect(await harness.audit()).toHaveLength(auditBefore);

    // Made again on the version they were shown, it is saved.
    const again = await harness.request(`/staff/api/leads/${id}`, {
      method: 'PATCH',
      as: editorB,
      body: { version: conflict.lead.version, ownerId: editorB.member.id },
    });
    expect(await again.json()).toMatchObject({ status: 'contacted', ownerId: editorB.member.id, version: 3 });
  });

  it('says the sales email is waiting until the outbox delivers it, then sent, in the inbox and the export', async () => {
    const id = await harness.postLead({ name: 'Outbox Watcher' });
    const salesEmail = async () => {
      const page = LeadPageSchema.parse(
        await (await harness.request('/staff/api/leads?q=Outbox%20Watcher', { as: admin })).json(),
      );
      const csv = await (
        await harness.request('/staff/api/leads/export.csv?q=Outbox%20Watcher', { as: admin })
      ).text();
      const [row] = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true }).data;
      return [page.leads[0]?.salesEmail, (await lead(id)).salesEmail, row?.['Sales email']];
    };
    expect(await salesEmail()).toEqual(['waiting', 'waiting', 'Not yet']);
    await harness.db.query(
      "UPDATE notifications SET delivered_at = now() WHERE enquiry_id = $1 AND channel = 'email'",
      [id],
    );
    expect(await salesEmail()).toEqual(['sent', 'sent', 'Sent']);
  });

  it('answers a bad change, note or filter in words, and changes nothing', async () => {
    const id = await harness.postLead({ name: 'Bad Input' });
    const answers: string[] = [];
    const send = async (path: string, method: string, body?: unknown) => {
      const response = await harness.request(path, { method, as: editorA, body });
      answers.push(`${response.status} ${await response.text()}`);
    };
    await send(`/staff/api/leads/${id}`, 'PATCH', { version: 1 });
    await send(`/staff/api/leads/${id}`, 'PATCH', { version: 1, status: 'sold' });
    await send(`/staff/api/leads/${id}`, 'PATCH', { version: 1, followUp: '2030-02-30' });
    await send(`/staff/api/leads/${id}`, 'PATCH', { version: 1, followUp: '30/01/2030' });
    await send(`/staff/api/leads/${id}`, 'PATCH', { version: 1, ownerId: 'not-a-member' });
    await send('/staff/api/leads/00000000-0000-4000-8000-000000000000', 'PATCH', {
      version: 1,
      status: 'won',
    });
    await send(`/staff/api/leads/${id}/notes`, 'POST', { body: '   ' });
    await send('/staff/api/leads?status=sold&from=yesterday&to=2030-02-31', 'GET');
    await send('/staff/api/leads/export.csv?to=2030-02-31', 'GET');
    await send('/staff/api/leads?after=page-2', 'GET');
    await send('/staff/api/leads?sort=name&due=tomorrow', 'GET');
    expect(answers).toMatchInlineSnapshot(`
      [
        "400 {"error":"The change is not valid.","fields":{"body":"must change the status, the owner or the follow-up date"}}",
        "400 {"error":"The change is not valid.","fields":{"status":"must be one of new, contacted, site-visit, won, lost, spam"}}",
        "400 {"error":"The change is not valid.","fields":{"followUp":"must be a real day written YYYY-MM-DD"}}",
        "400 {"error":"The change is not valid.","fields":{"followUp":"must be a real day written YYYY-MM-DD"}}",
        "400 {"error":"That owner is no longer a member of staff.","fields":{"ownerId":"is not staff"}}",
        "404 {"error":"No such lead."}",
        "400 {"error":"The note is not valid.","fields":{"body":"must not be empty"}}",
        "400 {"error":"The filter is not valid.","fields":{"status":"must be one of new, contacted, site-visit, won, lost, spam","from":"must be a real day written YYYY-MM-DD","to":"must be a real day written YYYY-MM-DD"}}",
        "400 {"error":"The filter is not valid.","fields":{"to":"must be a real day written YYYY-MM-DD"}}",
        "400 {"error":"The page marker is not valid."}",
        "400 {"error":"The filter is not valid.","fields":{"due":"must be today or overdue","sort":"must be one of received, oldest, follow-up"}}",
      ]
    `);
    expect(await lead(id)).toMatchObject({
      status: 'new',
      ownerId: null,
      followUp: null,
      version: 1,
      notes: [],
    });
  });

  describe('filters', () => {
    /** The seeded leads, and what the test knows of each: the model the filters are checked against. */
    const seeded: {
      id: string;
      name: string;
      email: string;
      phone: string;
      project: string;
      form: string;
      at: string;
      status: string;
      owner: string | null;
    }[] = [];

    beforeAll(async () => {
      await harness.db.query('TRUNCATE notifications, lead_notes, enquiries');
      const seeds = [
        {
          name: 'Anil Baskar',
          email: 'anil1000@example.com',
          phone: '98110 11111',
          project: 'Paras Floret',
          form: 'popup',
          at: '2030-01-05T04:00:00Z',
          status: 'new',
          owner: null,
        },
        {
          name: 'Bina Rao',
          phone: '+44 20 7946 0958',
          project: 'Paras Floret',
          form: 'project',
          at: '2030-01-10T18:29:00Z',
          status: 'contacted',
          owner: 'A',
        },
        // 00:15 on 1 February in India, 31 January in UTC: the date range is India's.
        {
          name: 'Chetan Das',
          phone: '98110 22222',
          project: 'M3M Golf Estate',
          form: 'appointment',
          at: '2030-01-31T18:45:00Z',
          status: 'won',
          owner: 'B',
        },
        {
          name: 'Deepa 100% Jain',
          phone: '98110 33333',
          project: 'M3M Golf Estate',
          form: 'project',
          at: '2030-02-10T06:00:00Z',
          status: 'contacted',
          owner: 'B',
        },
        {
          name: 'Esha_Kohli',
          phone: '98110 44444',
          project: '-',
          form: 'popup',
          at: '2030-02-20T06:00:00Z',
          status: 'spam',
          owner: null,
        },
      ] as const;
      const extra = {
        popup: {},
        project: { remark: 'Looking for 3 BHK' },
        appointment: { appointmentDate: '2030-02-02', budget: '4', bhk: '4 BHK', remark: 'Morning' },
      };
      for (const seed of seeds) {
        const email =
          'email' in seed ? seed.email : `${seed.name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
        const id = await harness.postLead({
          name: seed.name,
          email,
          phone: seed.phone,
          project: seed.project,
          ...extra[seed.form],
        });
        await harness.db.query('UPDATE enquiries SET received_at = $2 WHERE id = $1', [id, seed.at]);
        const owner = seed.owner === 'A' ? editorA : seed.owner === 'B' ? editorB : null;
        if (seed.status !== 'new' || owner !== null) {
          const response = await harness.request(`/staff/api/leads/${id}`, {
            method: 'PATCH',
            as: admin,
            body: {
              version: 1,
              status: seed.status,
              ...(owner === null ? {} : { ownerId: owner.member.id }),
            },
          });
          expect(response.status).toBe(200);
        }
        seeded.push({ id, email, ...seed, owner: owner?.member.id ?? null });
      }
      // Follow-ups in days from today in India: Chetan's is overdue too, but he was won.
      const followUps = { 'Anil Baskar': 0, 'Bina Rao': -1, 'Chetan Das': -1, 'Deepa 100% Jain': 1 };
      for (const [name, days] of Object.entries(followUps))
        await harness.db.query(
          "UPDATE enquiries SET follow_up = (now() AT TIME ZONE 'Asia/Kolkata')::date + $2::int WHERE name = $1",
          [name, days],
        );
      const esha = seeded.find((seed) => seed.name === 'Esha_Kohli')?.id;
      const note = await harness.request(`/staff/api/leads/${esha}/notes`, {
        method: 'POST',
        as: editorA,
        body: { body: 'Wants to talk after Diwali' },
      });
      expect(note.status).toBe(201);
    }, 60_000);

    const names = (rows: { name: string }[]) => rows.map((row) => row.name);
    const newestFirst = () => [...seeded].sort((a, b) => b.at.localeCompare(a.at));

    const cases: [string, () => InboxFilter, (lead: (typeof seeded)[number]) => boolean][] = [
      ['no filter', () => ({}), () => true],
      ['status', () => ({ status: 'contacted' }), (l) => l.status === 'contacted'],
      ['owner', () => ({ owner: editorB.member.id }), (l) => l.owner === editorB.member.id],
      ['no owner', () => ({ owner: 'none' }), (l) => l.owner === null],
      ['project', () => ({ project: 'M3M Golf Estate' }), (l) => l.project === 'M3M Golf Estate'],
      ['form', () => ({ form: 'popup' }), (l) => l.form === 'popup'],
      ['from (India days)', () => ({ from: '2030-02-01' }), (l) => l.at >= '2030-01-31T18:30:00Z'],
      ['to (India days)', () => ({ to: '2030-01-31' }), (l) => l.at < '2030-01-31T18:30:00Z'],
      [
        'date range',
        () => ({ from: '2030-01-10', to: '2030-02-10' }),
        (l) => l.at >= '2030-01-09T18:30:00Z' && l.at < '2030-02-10T18:30:00Z',
      ],
      ['search by name, any case', () => ({ q: 'bina' }), (l) => l.name === 'Bina Rao'],
      ['search by email', () => ({ q: 'chetan.das@' }), (l) => l.name === 'Chetan Das'],
      ['search by phone digits', () => ({ q: '9811022222' }), (l) => l.phone === '98110 22222'],
      ['search by phone as typed', () => ({ q: '7946 0958' }), (l) => l.name === 'Bina Rao'],
      ['search by phone with +91', () => ({ q: '+91 98110 22222' }), (l) => l.name === 'Chetan Das'],
      ['search by phone with 0 and dashes', () => ({ q: '098110-33333' }), (l) => l.name.startsWith('Deepa')],
      ['search by part of a phone with +91', () => ({ q: '+91 98110 4' }), (l) => l.name === 'Esha_Kohli'],
      // Every phone here holds 110: words with digits in them are searched as words only.
      ['search words with digits in them', () => ({ q: 'flat 110' }), () => false],
      ['search the requirement', () => ({ q: '3 bhk' }), (l) => l.form === 'project'],
      ['search the notes', () => ({ q: 'diwali' }), (l) => l.name === 'Esha_Kohli'],
      ['project, any case', () => ({ project: 'paras floret' }), (l) => l.project === 'Paras Floret'],
      ['follow-ups due today', () => ({ due: 'today' }), (l) => l.name === 'Anil Baskar'],
      ['follow-ups overdue, of open leads', () => ({ due: 'overdue' }), (l) => l.name === 'Bina Rao'],
      // Anil's address holds 100 and his name a-s-k: a % or _ taken as a wildcard would find him.
      ['search for a % sign', () => ({ q: '100%' }), (l) => l.name.includes('100%')],
      ['search for an underscore', () => ({ q: 'a_k' }), (l) => l.name.toLowerCase().includes('a_k')],
      [
        'several at once',
        () => ({ status: 'contacted', project: 'Paras Floret', q: 'rao' }),
        (l) => l.name === 'Bina Rao',
      ],
      ['nothing matches', () => ({ status: 'lost' }), () => false],
    ];

    it.each(cases)(
      '%s: the list and both exports hold exactly the matching leads, newest first',
      async (_, filter, matches) => {
        const expected = newestFirst().filter(matches);
        const listed = await listAll(harness, editorA, filter());
        expect(names(listed)).toEqual(names(expected));
        const ids = expected.map((seed) => seed.id);
        expect(await exportedIds(harness, editorA, filter(), 'csv')).toEqual(ids);
        expect(await exportedIds(harness, editorA, filter(), 'xlsx')).toEqual(ids);
      },
    );

    it('counts the follow-ups due and lists the projects asked about, each once whatever its capitals', async () => {
      const due = await harness.request('/staff/api/leads/due', { as: editorA });
      expect(DueCountsSchema.parse(await due.json())).toEqual({ today: 1, overdue: 1 });
      const lower = await harness.postLead({ name: 'Lower Case', project: 'paras floret' });
      const projects = await harness.request('/staff/api/leads/projects', { as: editorA });
      expect(ProjectListSchema.parse(await projects.json())).toEqual([
        { project: 'Paras Floret', count: 3 },
        { project: 'M3M Golf Estate', count: 2 },
      ]);
      await harness.db.query('DELETE FROM notifications WHERE enquiry_id = $1', [lower]);
      await harness.db.query('DELETE FROM enquiries WHERE id = $1', [lower]);
    });

    it('sorts oldest first, and by follow-up date, soonest first and undated last, in the exports too', async () => {
      const oldest = await listAll(harness, editorA, { sort: 'oldest' });
      expect(names(oldest)).toEqual(names(newestFirst().reverse()));
      const byFollowUp = await listAll(harness, editorA, { sort: 'follow-up' });
      const days = byFollowUp.map((row) => row.followUp ?? '9999-12-31');
      expect(days).toEqual([...days].sort());
      expect(byFollowUp.at(-1)?.followUp).toBeNull();
      expect(byFollowUp[0]?.followUp).not.toBeNull();
      for (const kind of ['csv', 'xlsx'] as const)
        expect(await exportedIds(harness, editorA, { sort: 'follow-up' }, kind)).toEqual(
          byFollowUp.map((row) => row.id),
        );
    });

    it('pages through many leads without losing or repeating one', async () => {
      const more = await Promise.all(
        Array.from({ length: 120 }, (_, i) => harness.postLead({ name: `Paged Visitor ${i}` })),
      );
      // Many share one received_at to the microsecond on a fast machine; the id breaks the tie.
      await harness.db.query(
        "UPDATE enquiries SET received_at = '2030-03-01T00:00:00Z' WHERE name LIKE 'Paged Visitor %'",
      );
      const listed = await listAll(harness, editorA, { q: 'Paged Visitor' });
      expect(listed).toHaveLength(120);
      expect(new Set(listed.map((row) => row.id))).toEqual(new Set(more));
      for (const sort of ['oldest', 'follow-up'] as const) {
        const sorted = await listAll(harness, editorA, { sort });
        expect(new Set(sorted.map((row) => row.id)).size).toBe(sorted.length);
        expect(sorted.length).toBeGreaterThan(120);
      }
    });
  });
});
