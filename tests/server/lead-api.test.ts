/**
 * POST /addLead and the local EmailJS stand-in, called in-process
 * (`app.request`), against each database in BACKENDS. Every assertion about
 * what was kept counts rows in the database, not what the answer says.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../server/app';
import { createApp } from '../../server/app';
import type { Backend } from './databases';
import { BACKENDS, countEnquiries, migratedDatabase, POPUP_LEAD } from './databases';

const SITE = 'https://www.example-brokerage.in';

const APPOINTMENT_LEAD = {
  ...POPUP_LEAD,
  project: 'Paras Floret',
  appointmentDate: '2030-02-01',
  budget: '2.5',
  bhk: '3 BHK',
  remark: 'Weekend morning',
};

describe.each(BACKENDS)(
  'the lead API on %s',
  (backend: Backend) => {
    let database: Awaited<ReturnType<typeof migratedDatabase>>;
    let stored = 0;
    let app: ReturnType<typeof createApp>;
    /** An empty site: these tests ask only the API. */
    let siteRoot: string;

    const appWith = (options: Partial<AppOptions> = {}) =>
      createApp({
        db: database.db,
        siteRoot,
        siteOrigins: [SITE],
        rateLimit: 0,
        trustProxy: false,
        emailJsStandIn: true,
        channels: ['email', 'webhook'],
        onStored: () => (stored += 1),
        ...options,
      });

    beforeAll(async () => {
      database = await migratedDatabase(backend);
      siteRoot = await mkdtemp(join(tmpdir(), 'no-site-'));
      app = appWith();
    }, 60_000);
    afterAll(async () => {
      await database.close();
      await rm(siteRoot, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await database.clear();
      stored = 0;
    });

    const post = (body: unknown, headers: Record<string, string> = {}, target = app) =>
      target.request('/addLead', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('stores a lead once however often the same submission is sent', async () => {
      const key = randomUUID();
      const first = await post(POPUP_LEAD, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      const { id } = (await first.json()) as { id: string };
      for (let again = 0; again < 3; again += 1) {
        const repeat = await post(POPUP_LEAD, { 'Idempotency-Key': key });
        expect(repeat.status).toBe(200);
        expect(await repeat.json()).toEqual({ id });
      }
      expect(await countEnquiries(database.db)).toBe(1);
      expect(stored).toBe(1);
    });

    it('stores the same key sent at the same moment once', async () => {
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(POPUP_LEAD, { 'Idempotency-Key': key })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      expect(await countEnquiries(database.db)).toBe(1);
    });

    it('refuses a key sent again with other fields, and keeps the first', async () => {
      const key = randomUUID();
      expect((await post(POPUP_LEAD, { 'Idempotency-Key': key })).status).toBe(201);
      const other = await post({ ...POPUP_LEAD, name: 'Someone Else' }, { 'Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(await countEnquiries(database.db, 'name = $1', ['Asha Rao'])).toBe(1);
      expect(await countEnquiries(database.db)).toBe(1);
    });

    it('stores 500 leads sent at once, each once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 500 }, (_, index) => post({ ...POPUP_LEAD, name: `Visitor ${index}` })),
      );
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect(await countEnquiries(database.db)).toBe(500);
      const perChannel = await database.db.query<{ channel: string; n: number }>(
        'SELECT channel, count(DISTINCT enquiry_id)::int AS n FROM notifications GROUP BY channel ORDER BY channel',
      );
      expect(perChannel).toEqual([
        { channel: 'email', n: 500 },
        { channel: 'webhook', n: 500 },
      ]);
    }, 60_000);

    it('stores every field, the time, the key, the page, referrer, campaign and browser', async () => {
      const key = randomUUID();
      const response = await post(APPOINTMENT_LEAD, {
        'Idempotency-Key': key,
        'Lead-Page': `${SITE}/clientAppointment?utm_source=google`,
        'Lead-Referrer': 'https://www.google.com/',
        'Lead-UTM': 'utm_source=google&utm_medium=cpc&utm_campaign=diwali&gclid=dropped',
        'User-Agent': 'Mozilla/5.0 (Linux; Android 14)',
      });
      expect(response.status).toBe(201);
      const [row] = await database.db.query<Record<string, unknown>>('SELECT * FROM enquiries');
      expect(row).toMatchObject({
        kind: 'lead',
        form: 'appointment',
        submission_id: key,
        name: 'Asha Rao',
        project: 'Paras Floret',
        source: 'Website',
        fields: APPOINTMENT_LEAD,
        page: `${SITE}/clientAppointment?utm_source=google`,
        referrer: 'https://www.google.com/',
        utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'diwali' },
        user_agent: 'Mozilla/5.0 (Linux; Android 14)',
      });
      expect(Math.abs(Date.now() - new Date(row?.received_at as Date).getTime())).toBeLessThan(60_000);
    });

    it('still stores a lead from a page that sends no key (an old cached page)', async () => {
      const response = await app.request('/addLead', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(POPUP_LEAD),
      });
      expect(response.status).toBe(201);
      expect(await countEnquiries(database.db)).toBe(1);
    });

    it('stores a lead whose phone is a landline with its STD code', async () => {
      for (const phone of ['011 4567 8901', '+91 124 456 7890'])
        expect((await post({ ...POPUP_LEAD, phone })).status).toBe(201);
      expect(await countEnquiries(database.db)).toBe(2);
    });

    it('answers invalid leads with 400 and a reason per field, and stores nothing', async () => {
      const answers: Record<string, unknown> = {};
      const cases: Record<string, [unknown, Record<string, string>?]> = {
        'bad email and phone': [{ ...POPUP_LEAD, email: 'asha@', phone: '12345' }],
        'missing fields': [{ name: 'Asha' }],
        'empty name': [{ ...POPUP_LEAD, name: '   ' }],
        'appointment with a bad day': [{ ...APPOINTMENT_LEAD, appointmentDate: '2030-02-30' }],
        'a number where text goes': [{ ...POPUP_LEAD, phone: 9811012345 }],
        'deeply nested': [`{"name": ${'['.repeat(5000)}${']'.repeat(5000)}}`],
        'an array': [[POPUP_LEAD]],
        'malformed JSON': ['{"name": "Asha", '],
        'a key that is no UUID': [POPUP_LEAD, { 'Idempotency-Key': 'abc' }],
      };
      for (const [name, [body, headers]] of Object.entries(cases)) {
        const response = await post(body, headers);
        answers[name] = { status: response.status, body: await response.json() };
      }
      expect(answers).toMatchSnapshot();
      expect(await countEnquiries(database.db)).toBe(0);
    });

    it('refuses what a page of another site could send without asking first', async () => {
      const plain = (origin: Record<string, string>) =>
        app.request('/addLead', {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', ...origin },
          body: JSON.stringify(POPUP_LEAD),
        });
      expect((await plain({ Origin: 'https://evil.example' })).status).toBe(403);
      expect((await plain({})).status).toBe(415);
      const form = await app.request('/addLead', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=Asha',
      });
      expect(form.status).toBe(415);
      const foreign = await post(POPUP_LEAD, { Origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(await countEnquiries(database.db)).toBe(0);
    });

    it('allows the site’s own origins only, never any origin', async () => {
      const preflight = (origin: string) =>
        app.request('/addLead', {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type,idempotency-key',
          },
        });
      const ours = await preflight(SITE);
      expect(ours.headers.get('access-control-allow-origin')).toBe(SITE);
      expect(ours.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
      const theirs = await preflight('https://evil.example');
      expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
      const posted = await post(POPUP_LEAD, { Origin: SITE });
      expect(posted.status).toBe(201);
      expect(posted.headers.get('access-control-allow-origin')).toBe(SITE);
    });

    it('answers a body over 64 KB with 413', async () => {
      const response = await post({ ...POPUP_LEAD, name: 'x'.repeat(70 * 1024) });
      expect(response.status).toBe(413);
      expect(await countEnquiries(database.db)).toBe(0);
    });

    it('answers 429 with Retry-After past the rate of one address', async () => {
      const limited = appWith({ rateLimit: 3 });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1)
        statuses.push((await post(POPUP_LEAD, {}, limited)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const refused = await post(POPUP_LEAD, {}, limited);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await countEnquiries(database.db)).toBe(3);
    });

    describe('the local EmailJS stand-in', () => {
      const emailJsIds = {
        lib_version: '4.4.1',
        service_id: 'local-service',
        template_id: 'local-template-contact',
        user_id: 'local-public-key',
      };

      it('stores what sendForm posts, with its submission id, every time it is posted', async () => {
        const form = new FormData();
        const fields = {
          ...emailJsIds,
          subject: 'New enquiry from the website contact form',
          user_name: 'Neha Gupta',
          user_email: 'neha@example.com',
          user_mobile: '+91-98110-12345',
          message: 'Office space near Cyber City',
          submission_id: randomUUID(),
        };
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        for (let time = 0; time < 2; time += 1) {
          const response = await app.request('/api/v1.0/email/send-form', { method: 'POST', body: form });
          expect(response.status).toBe(200);
          expect(await response.text()).toBe('OK');
        }
        const rows = await database.db.query<Record<string, unknown>>('SELECT * FROM enquiries');
        expect(rows).toHaveLength(2);
        expect(rows[0]).toMatchObject({
          kind: 'message',
          form: 'contact',
          submission_id: fields.submission_id,
          name: 'Neha Gupta',
          email: 'neha@example.com',
          phone: '+91-98110-12345',
          fields: {
            subject: fields.subject,
            user_name: 'Neha Gupta',
            user_email: 'neha@example.com',
            user_mobile: '+91-98110-12345',
            message: 'Office space near Cyber City',
          },
        });
      });

      it('stores what emailjs.send posts as JSON', async () => {
        const submission = randomUUID();
        const response = await app.request('/api/v1.0/email/send', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            ...emailJsIds,
            template_id: 'local-template-join',
            template_params: { user_name: 'Arjun Mehta', user_years: '4', submission_id: submission },
          }),
        });
        expect(response.status).toBe(200);
        expect(await countEnquiries(database.db, "form = 'join' AND submission_id = $1", [submission])).toBe(
          1,
        );
      });

      it('queues a lead for every channel and a stand-in message for the email only', async () => {
        await post(POPUP_LEAD);
        await app.request('/api/v1.0/email/send', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            ...emailJsIds,
            template_id: 'local-template-join',
            template_params: { user_name: 'Arjun Mehta', user_years: '4', submission_id: randomUUID() },
          }),
        });
        const rows = await database.db.query<{ kind: string; channel: string }>(
          `SELECT e.kind, n.channel FROM notifications n JOIN enquiries e ON e.id = n.enquiry_id
            ORDER BY e.kind, n.channel`,
        );
        expect(rows).toEqual([
          { kind: 'lead', channel: 'email' },
          { kind: 'lead', channel: 'webhook' },
          { kind: 'message', channel: 'email' },
        ]);
      });

      it('refuses a request without EmailJS’s ids, as EmailJS does', async () => {
        const form = new FormData();
        form.append('user_name', 'Neha');
        const response = await app.request('/api/v1.0/email/send-form', { method: 'POST', body: form });
        expect(response.status).toBe(400);
        expect(await response.text()).toBe(
          'The lib_version, service_id, template_id, user_id parameters are required.',
        );
        expect(await countEnquiries(database.db)).toBe(0);
      });
    });
  },
  // A database write under a loaded machine (CI's two cores running the browser tests' server too) can take seconds.
  30_000,
);
