/**
 * The service as it runs: a real HTTP server, the outbox, an SMTP server and
 * the database going away and coming back, a restart, `npm run leads`. What
 * was kept is counted in the database.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../server/config';
import { leadsCommand, UsageError } from '../../server/leads-cli';
import type { Service, ServiceOptions } from '../../server/service';
import { startService } from '../../server/service';
import type { Backend, TestDatabase } from './databases';
import { BACKENDS, countEnquiries, POPUP_LEAD as LEAD, testDatabase } from './databases';
import getPort from 'get-port';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

async function start(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: Partial<ServiceOptions> = {},
) {
  const config = readConfig({ ...database.env, PORT: '0', SITE_ROOT: database.env.DATA_DIR, ...env });
  const service = await startService(config, { emailJsStandIn: true, ...options });
  let closed = false;
  cleanups.push(async () => {
    if (!closed) await service.close();
  });
  return Object.assign(service, {
    stop: async () => {
      closed = true;
      await service.close();
    },
  });
}

async function fresh(backend: Backend) {
  const database = await testDatabase(backend);
  cleanups.push(() => database.drop());
  return database;
}

const postLead = (service: Service, fields: object = LEAD, key = randomUUID()) =>
  fetch(`${service.url}/addLead`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(fields),
  });

/** Sends raw bytes and resolves with everything the server answered once it closes the connection. */
function rawExchange(url: string, write: (socket: Socket) => void): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => write(socket));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe.each(BACKENDS)('the lead service on %s', (backend) => {
  it('keeps its leads across a restart', async () => {
    const database = await fresh(backend);
    const first = await start(database);
    expect((await postLead(first)).status).toBe(201);
    await first.stop();
    const second = await start(database);
    expect(await countEnquiries(second.db)).toBe(1);
    expect((await postLead(second)).status).toBe(201);
    expect(await countEnquiries(second.db)).toBe(2);
  }, 60_000);

  it('stores a lead while SMTP refuses, and delivers its email once SMTP is back', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const received: string[] = [];
    const database = await fresh(backend);
    const service = await start(
      database,
      { SMTP_URL: `smtp://127.0.0.1:${port}`, LEAD_NOTIFY_TO: 'sales@example.com' },
      { outbox: { retryBaseMs: 100, pollMs: 100 } },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect((await postLead(service, { ...LEAD, name: 'Smtp Down' })).status).toBe(201);
    expect(await countEnquiries(service.db, 'name = $1', ['Smtp Down'])).toBe(1);
    await vi.waitFor(async () => {
      const [row] = await service.db.query<{ attempts: number; last_error: string | null }>(
        'SELECT attempts, last_error FROM notifications',
      );
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
      expect(row?.last_error).toMatch(/ECONNREFUSED/);
    });
    expect(warn).toHaveBeenCalled();

    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => smtp.close(() => resolve(undefined))));

    await vi.waitFor(
      async () => {
        const [row] = await service.db.query<{ delivered: boolean }>(
          'SELECT delivered_at IS NOT NULL AS delivered FROM notifications',
        );
        expect(row?.delivered).toBe(true);
      },
      { timeout: 15_000 },
    );
    await service.outbox.idle();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: New lead from Smtp Down');
    expect(received[0]).toContain('To: sales@example.com');
  }, 60_000);

  it('cuts off a request whose body arrives too slowly', async () => {
    const service = await start(await fresh(backend));
    const answer = await rawExchange(service.url, (socket) => {
      socket.write(
        'POST /addLead HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":',
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(await countEnquiries(service.db)).toBe(0);
  }, 30_000);

  it('logs a request its client abandoned as one line, not a stack trace', async () => {
    const service = await start(await fresh(backend));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await rawExchange(service.url, (socket) => {
      socket.write(
        'POST /addLead HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"name":',
      );
      setTimeout(() => socket.destroy(), 200);
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toBe(
      'POST /addLead: the client went away before its request arrived whole.',
    );
    expect(error).not.toHaveBeenCalled();
    expect(await countEnquiries(service.db)).toBe(0);
  }, 30_000);

  it('npm run leads prints the stored enquiries as JSON, CSV and a table', async () => {
    const database = await fresh(backend);
    const service = await start(database);
    await postLead(service, { ...LEAD, name: '=HYPERLINK("http://evil.example")' });
    await postLead(service, { ...LEAD, name: 'Meera Iyer', project: 'Paras Floret', remark: '3 BHK' });
    // The command as staff run it, twice: once printing, once refusing with exit code 2.
    // Each run starts Node and opens the database: the other formats are asked of it in this process.
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/leads-cli.ts', ...args], {
        env: { ...process.env, ...database.env },
      });
    const ask = (...args: string[]) => leadsCommand(args, { ...process.env, ...database.env });

    const json = JSON.parse((await run('--format', 'json')).stdout) as Record<string, unknown>[];
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({
      name: 'Meera Iyer',
      project: 'Paras Floret',
      kind: 'lead',
      form: 'project',
    });
    for (const key of ['id', 'receivedAt', 'name', 'email', 'phone', 'project', 'source', 'page'])
      expect(json[0]).toHaveProperty(key);
    const refused = await run('--colour').then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(refused).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown option '--colour'\n\nUsage: npm run leads"),
    });
    // A usage mistake is answered with the usage, never a stack trace.
    expect(refused?.stderr).not.toMatch(/^\s+at /m);

    const csv = await ask('--format', 'csv');
    expect(csv.startsWith('\uFEFFReceived (IST),')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(await ask()).toContain('2 enquiries');
    expect(JSON.parse(await ask('--since', '2999-01-01', '--format', 'json'))).toEqual([]);
    await expect(ask('--since', 'yesterday')).rejects.toBeInstanceOf(UsageError);
    await expect(ask('--format', 'yaml')).rejects.toBeInstanceOf(UsageError);
    expect(await ask('--help')).toMatch(
      /^Usage: npm run leads -- \[--since YYYY-MM-DD\] \[--format table\|csv\|json\]\n/,
    );
  }, 180_000);
});

/** A TCP relay in front of PostgreSQL that the test can cut, as a database server going down would. */
async function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const port = await getPort({ host: '127.0.0.1' });
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    port,
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
    restore: open,
  };
}

describe.runIf(BACKENDS.includes('postgres'))('the lead service when PostgreSQL goes away', () => {
  it('answers 503 and stores nothing, then stores the lead once PostgreSQL is back', async () => {
    const database = await fresh('postgres');
    const url = new URL(database.env.DATABASE_URL ?? '');
    const cable = await relay(new URL(url));
    cleanups.push(cable.cut);
    url.host = `127.0.0.1:${cable.port}`;
    const service = await start({ ...database, env: { ...database.env, DATABASE_URL: url.href } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const key = randomUUID();
    await cable.cut();
    const refused = await postLead(service, LEAD, key);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    await cable.restore();
    const accepted = await postLead(service, LEAD, key);
    expect(accepted.status).toBe(201);
    const direct = await database.open();
    cleanups.push(() => direct.close());
    expect(await countEnquiries(direct)).toBe(1);
    const [row] = await direct.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications');
    expect(row?.n).toBe(1);
  }, 60_000);
});
