/**
 * The CRM's signed webhook, against a local receiver that checks every post
 * with the standardwebhooks package as a CRM would: one that accepts, one
 * that fails and then recovers, one that hangs, one holding another key.
 * What was stored and delivered is counted in the database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import getPort from 'get-port';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadWebhookSchema } from '../../src/schema/lead-webhook';
import { readConfig } from '../../server/config';
import type { Notifier } from '../../server/notify/notifiers';
import type { Service } from '../../server/service';
import { startService } from '../../server/service';
import type { Backend } from './databases';
import { BACKENDS, countEnquiries, POPUP_LEAD as LEAD, testDatabase } from './databases';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** How the receiver answers its nth post (from 1): a status, or no answer until `release`. */
type Answer = number | 'hang';

interface Post {
  id: string;
  /** The payload, when its signature checked out with the receiver's key; null when not. */
  verified: unknown;
}

/** A CRM's endpoint on a free port: verifies each post, keeps the ones it accepted once per webhook-id. */
async function receiver(secret: string, answer: (nth: number) => Answer = () => 200) {
  const posts: Post[] = [];
  const accepted = new Map<string, unknown>();
  const held: { response: ServerResponse; post: Post }[] = [];
  const reply = (response: ServerResponse, post: Post, status: number) => {
    if (status >= 200 && status < 300 && !accepted.has(post.id)) accepted.set(post.id, post.verified);
    response.writeHead(status).end();
  };
  const port = await getPort({ host: '127.0.0.1' });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      let verified: unknown = null;
      try {
        verified = new Webhook(secret).verify(body, request.headers as Record<string, string>);
      } catch {
        // Recorded as unverified and answered 401 below.
      }
      const post = { id: String(request.headers['webhook-id']), verified };
      posts.push(post);
      const status = verified === null ? 401 : answer(posts.length);
      if (status === 'hang') held.push({ response, post });
      else reply(response, post, status);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    posts,
    accepted,
    held,
    /** Answers the posts it held. */
    release: (status: number) => {
      for (const { response, post } of held.splice(0)) reply(response, post, status);
    },
  };
}

/** The email channel, recorded instead of printed. */
function recordingEmail() {
  const sent: string[] = [];
  const notifier: Notifier = {
    label: 'recorded by the test',
    notify: async (enquiry) => void sent.push(enquiry.id),
    close: () => undefined,
  };
  return { sent, notifier };
}

async function start(backend: Backend, webhookUrl: string, secret: string, timeoutMs = 10_000) {
  const database = await testDatabase(backend);
  cleanups.push(() => database.drop());
  const email = recordingEmail();
  const config = readConfig({
    ...database.env,
    PORT: '0',
    SITE_ROOT: database.env.DATA_DIR,
    LEAD_WEBHOOK_URL: webhookUrl,
    LEAD_WEBHOOK_SECRET: secret,
  });
  const service = await startService(config, {
    emailJsStandIn: false,
    notifier: email.notifier,
    webhookTimeoutMs: timeoutMs,
    outbox: { retryBaseMs: 100, pollMs: 100 },
  });
  cleanups.push(() => service.close());
  return { service, emails: email.sent };
}

const postLead = (service: Service, fields: object = LEAD) =>
  fetch(`${service.url}/addLead`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(fields),
  });

interface NotificationRow {
  enquiry_id: string;
  channel: string;
  message_id: string;
  attempts: number;
  delivered: boolean;
  last_error: string | null;
}

const notifications = (service: Service, channel: string) =>
  service.db.query<NotificationRow>(
    `SELECT enquiry_id, channel, message_id, attempts, delivered_at IS NOT NULL AS delivered, last_error
       FROM notifications WHERE channel = $1 ORDER BY id`,
    [channel],
  );

const allDelivered = async (service: Service, channel: string, count = 1) => {
  const rows = await notifications(service, channel);
  expect(rows).toHaveLength(count);
  expect(rows.every((row) => row.delivered)).toBe(true);
  return rows;
};

describe.each(BACKENDS)('the CRM webhook on %s', (backend) => {
  it('posts each new lead once, signed, with the documented payload', async () => {
    const secret = newSecret();
    const crm = await receiver(secret);
    const { service, emails } = await start(backend, crm.url, secret);

    const answer = await postLead(service, {
      ...LEAD,
      name: 'Meera Iyer',
      project: 'Paras Floret',
      remark: '3 BHK',
    });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    const [row] = await vi.waitFor(() => allDelivered(service, 'webhook'), { timeout: 15_000 });
    await service.outbox.idle();

    expect(crm.posts).toEqual([{ id: row?.message_id, verified: expect.anything() as unknown }]);
    const event = LeadWebhookSchema.parse(crm.accepted.get(row?.message_id ?? ''));
    expect(event).toMatchObject({
      type: 'lead.created',
      data: {
        id,
        form: 'project',
        name: 'Meera Iyer',
        email: LEAD.email,
        phone: LEAD.phone,
        project: 'Paras Floret',
        fields: { remark: '3 BHK', dateOfLead: LEAD.dateOfLead },
      },
    });
    expect(event.timestamp).toBe(event.data.receivedAt);
    expect(emails).toEqual([id]);
    expect(row?.attempts).toBe(1);
  }, 60_000);

  it('retries a CRM that answers 500 with the same webhook-id until it accepts, and never resends the email', async () => {
    const secret = newSecret();
    const crm = await receiver(secret, (nth) => (nth <= 2 ? 500 : 200));
    const { service, emails } = await start(backend, crm.url, secret);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await postLead(service)).status).toBe(201);
    const [row] = await vi.waitFor(() => allDelivered(service, 'webhook'), { timeout: 15_000 });
    await service.outbox.idle();

    expect(await countEnquiries(service.db)).toBe(1);
    expect(crm.posts.map((post) => post.id)).toEqual([row?.message_id, row?.message_id, row?.message_id]);
    expect(crm.posts.every((post) => post.verified !== null)).toBe(true);
    expect(crm.accepted.size).toBe(1);
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(emails).toHaveLength(1);
    expect(await allDelivered(service, 'email')).toMatchObject([{ attempts: 1 }]);
    const tries = warn.mock.calls.map(([line]) => String(line));
    expect(tries).toHaveLength(2);
    expect(tries[0]).toMatch(
      /^The webhook notification of enquiry \S+ failed \(try 1\); retrying in 0 s: 127\.0\.0\.1:\d+ answered 500 Internal Server Error$/,
    );
    expect(tries[1]).toMatch(/\(try 2\)/);
  }, 60_000);

  it('gives up on a CRM that hangs past the timeout and tries again with the same webhook-id', async () => {
    const secret = newSecret();
    const crm = await receiver(secret, (nth) => (nth === 1 ? 'hang' : 200));
    const { service } = await start(backend, crm.url, secret, 300);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await postLead(service)).status).toBe(201);
    const [row] = await vi.waitFor(() => allDelivered(service, 'webhook'), { timeout: 15_000 });
    await service.outbox.idle();

    // On a loaded machine a try the CRM answers can outlast 0.3 s too and be made again: what
    // counts is that every try carries the same webhook-id, so the CRM keeps one lead.
    const ids = crm.posts.map((post) => post.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set([row?.message_id]));
    expect(crm.accepted.size).toBe(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /failed \(try 1\).*: 127\.0\.0\.1:\d+ did not answer within 0\.3 s$/,
    );
  }, 60_000);

  it('stores leads and emails them while the CRM hangs, and posts each once it answers', async () => {
    const secret = newSecret();
    const crm = await receiver(secret, (nth) => (nth === 1 ? 'hang' : 200));
    const { service, emails } = await start(backend, crm.url, secret);

    for (const name of ['First Visitor', 'Second Visitor', 'Third Visitor'])
      expect((await postLead(service, { ...LEAD, name })).status).toBe(201);
    expect(await countEnquiries(service.db)).toBe(3);
    await vi.waitFor(() => allDelivered(service, 'email', 3), { timeout: 15_000 });
    expect(emails).toHaveLength(3);
    // The first post may still be on its way when the emails are out: wait for the CRM to hold it.
    await vi.waitFor(() => expect(crm.held).toHaveLength(1), { timeout: 15_000 });
    expect((await notifications(service, 'webhook')).filter((row) => row.delivered)).toEqual([]);

    crm.release(204);
    const rows = await vi.waitFor(() => allDelivered(service, 'webhook', 3), { timeout: 15_000 });
    await service.outbox.idle();
    expect(crm.posts.map((post) => post.id)).toEqual(rows.map((row) => row.message_id));
    expect(crm.accepted.size).toBe(3);
  }, 60_000);

  it('keeps retrying a post the CRM cannot verify (another key), and delivers none of it', async () => {
    const crm = await receiver(newSecret());
    const { service } = await start(backend, crm.url, newSecret());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await postLead(service)).status).toBe(201);
    await vi.waitFor(
      async () => {
        const [row] = await notifications(service, 'webhook');
        expect(row?.attempts).toBeGreaterThanOrEqual(2);
        expect(row?.last_error).toMatch(/answered 401 Unauthorized$/);
      },
      { timeout: 15_000 },
    );
    expect(crm.posts.every((post) => post.verified === null)).toBe(true);
    expect(crm.accepted.size).toBe(0);
    expect((await notifications(service, 'webhook'))[0]?.delivered).toBe(false);
  }, 60_000);
});
