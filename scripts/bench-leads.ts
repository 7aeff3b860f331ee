/**
 * `npm run bench:leads -- [--leads 2000] [--concurrency 20] [--consoles 5] [--poll-ms 1000] [--rounds 2]`:
 * how many leads a second the lead service stores, and how long a visitor
 * waits, over loopback: with the staff inbox closed, and with `--consoles`
 * signed-in staff consoles polling it as the console does (its first page,
 * newest first: src/staff/queries/use-leads.ts) every `--poll-ms`, the two in
 * turn `--rounds` times. The console asks every 10 s; polling every second,
 * five consoles load the service as fifty open inboxes would.
 *
 * Starts the service (server/serve.ts) as its own process on a free port, once
 * on a fresh embedded PGlite and, when DATABASE_URL names a PostgreSQL server,
 * once on a throw-away database created on that server (and dropped after: the
 * benchmark never writes into the database the service uses). Each run posts
 * the leads with distinct Idempotency-Keys, C at a time, after a short warm-up,
 * and prints leads/s and the 50th and 99th percentile of the answer time, and
 * with the inbox open, how many polls were answered and how fast.
 * The consoles sign in as staff do: a member added with `npm run staff -- add`,
 * then a code asked for and typed in on better-auth's endpoints, read from the
 * service's output as in the quick start.
 */
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import getPort from 'get-port';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '200' },
    consoles: { type: 'string', default: '5' },
    'poll-ms': { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
  },
});
const LEADS = Number(values.leads);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);
const CONSOLES = Number(values.consoles);
const POLL_MS = Number(values['poll-ms']);
const ROUNDS = Number(values.rounds);
const STAFF_EMAIL = 'bench.editor@example.com';
const root = resolve(import.meta.dirname, '..');
/**
 * This process's environment without DATABASE_URL: each run names its own database. (Spread
 * under a run's settings, the server's DATABASE_URL used to survive into the PGlite run, which
 * then measured, and wrote into, the PostgreSQL server's own database.)
 */
const { DATABASE_URL: SERVER, ...inherited } = process.env;

const lead = (index: number) => ({
  name: `Bench Visitor ${index}`,
  email: `visitor${index}@example.com`,
  phone: '98110 12345',
  data_source: 'Website',
  dateOfLead: '2030-01-10T14:05:09+05:30',
  project: 'Paras Floret',
  remark: '3 BHK, ready to move',
});

async function startService(env: Record<string, string>) {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'server/serve.ts'), '--port', String(port)],
    {
      cwd: root,
      // Publishing off: it needs a build to start from, and the benchmark measures the leads.
      env: {
        ...inherited,
        ...env,
        LEAD_RATE_LIMIT: '0',
        // Every client of the benchmark connects from 127.0.0.1, as no crowd of visitors would.
        CONNECTIONS_PER_ADDRESS: '0',
        SITE_ROOT: join(root, 'dist'),
        CONTENT_PUBLISH: 'false',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // The service prints a line per lead: read them all (a full pipe would stall it), keep the sign-in codes.
  const codes: string[] = [];
  let storedIn = '';
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const code = /^Staff sign-in code for \S+: (\d{6})/.exec(line)?.[1];
      if (code !== undefined) codes.push(code);
      storedIn ||= /^Leads are stored in (.+?);/.exec(line)?.[1] ?? '';
    }
  });
  const base = `http://127.0.0.1:${port}`;
  // It is ready once it says where it stores the leads (it prints that once it listens).
  for (let waited = 0; storedIn === ''; waited += 100) {
    if (child.exitCode !== null)
      throw new Error(`The service stopped (exit code ${child.exitCode}) before answering.`);
    if (waited > 180_000) throw new Error('The service did not start within 3 minutes.');
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    base,
    /** The database the service says it stores leads in. */
    storedIn,
    /** The next sign-in code the service prints. */
    async nextCode(): Promise<string> {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const code = codes.shift();
        if (code !== undefined) return code;
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error('The service printed no sign-in code.');
    },
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
    },
  };
}

type Service = Awaited<ReturnType<typeof startService>>;

/** Signs a staff console in by code, as a person does on the sign-in screen; returns its cookie. */
async function signIn(service: Service): Promise<string> {
  const call = (path: string, body: object) =>
    fetch(`${service.base}/staff/api/auth${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: service.base },
      body: JSON.stringify(body),
    });
  const asked = await call('/email-otp/send-verification-otp', { email: STAFF_EMAIL, type: 'sign-in' });
  if (!asked.ok) throw new Error(`Asking for a sign-in code answered ${asked.status}.`);
  const signedIn = await call('/sign-in/email-otp', { email: STAFF_EMAIL, otp: await service.nextCode() });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
  if (!signedIn.ok || cookie === '') throw new Error(`Signing in answered ${signedIn.status}.`);
  return cookie;
}

/** Consoles asking for the inbox's first page every POLL_MS until `stop`; each poll's answer time in ms. */
function pollInbox(service: Service, cookies: string[]) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const consoles = cookies.map(async (cookie, index) => {
    // Spread over the interval, as consoles opened at different moments are.
    await new Promise((done) => setTimeout(done, (POLL_MS * index) / cookies.length));
    while (running) {
      const started = performance.now();
      const response = await fetch(`${service.base}/staff/api/leads`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) failures += 1;
      await new Promise((done) => setTimeout(done, Math.max(0, POLL_MS - (performance.now() - started))));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(consoles);
      return { times, failures };
    },
  };
}

/** Posts `count` leads, `CONCURRENCY` at a time; returns each answer's time in ms and the failures. */
async function post(base: string, count: number, offset: number) {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const started = performance.now();
      const response = await fetch(`${base}/addLead`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(lead(offset + index)),
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 201) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { times, failures, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;

const ms = (sorted: number[], share: number) => Number(percentile(sorted, share).toFixed(1));

/** `npm run staff -- add`, run against the database `env` names (the running service's, for PGlite). */
async function addStaff(env: Record<string, string>) {
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server/staff-cli.ts'),
      'add',
      STAFF_EMAIL,
      '--name',
      'Bench Editor',
      '--role',
      'sales',
    ],
    { cwd: root, env: { ...inherited, ...env } },
  );
}

async function measure(label: string, env: Record<string, string>) {
  const service = await startService(env);
  try {
    if (!service.storedIn.startsWith(label.split(' ')[0] ?? label))
      throw new Error(`The run meant for ${label} stores its leads in ${service.storedIn}.`);
    await post(service.base, WARMUP, 0);
    await addStaff(env);
    const cookies = [];
    for (let n = 0; n < CONSOLES; n += 1) cookies.push(await signIn(service));
    const rows = [];
    // Closed and open in turns, so that a machine busier at one moment than another weighs on both.
    const phases = Array.from({ length: ROUNDS }, () => ['closed', 'open'] as const).flat();
    for (const [index, inbox] of phases.entries()) {
      const polling = inbox === 'open' ? pollInbox(service, cookies) : null;
      const { times, failures, seconds } = await post(service.base, LEADS, WARMUP + index * LEADS);
      const polls = await polling?.stop();
      const sorted = [...times].sort((a, b) => a - b);
      const pollTimes = [...(polls?.times ?? [])].sort((a, b) => a - b);
      rows.push({
        database: label,
        inbox: inbox === 'open' ? `${CONSOLES} consoles, every ${POLL_MS} ms` : 'closed',
        leads: LEADS,
        concurrency: CONCURRENCY,
        'leads/s': Math.round(LEADS / seconds),
        'p50 ms': ms(sorted, 0.5),
        'p99 ms': ms(sorted, 0.99),
        'not 201': failures,
        polls: pollTimes.length,
        'poll p50 ms': pollTimes.length === 0 ? '' : ms(pollTimes, 0.5),
        'poll p99 ms': pollTimes.length === 0 ? '' : ms(pollTimes, 0.99),
        'polls not 200': polls?.failures ?? '',
      });
    }
    return rows;
  } finally {
    await service.stop();
  }
}

async function withScratchDatabase<T>(server: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `leads_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return await work(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const results = [];
const dataDir = await mkdtemp(join(tmpdir(), 'bench-leads-'));
try {
  results.push(...(await measure('PGlite (embedded)', { DATA_DIR: dataDir })));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
if (SERVER) {
  const server = SERVER;
  // Its own data folder all the same: the quick start's staff sign-in secret is kept there.
  const folder = await mkdtemp(join(tmpdir(), 'bench-leads-'));
  try {
    results.push(
      ...(await withScratchDatabase(server, (url) =>
        measure('PostgreSQL', { DATABASE_URL: url, DATA_DIR: folder }),
      )),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
} else {
  console.log('DATABASE_URL is not set: PostgreSQL is not measured.');
}
console.table(results);
