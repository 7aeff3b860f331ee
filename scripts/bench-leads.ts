/**
 * `npm run bench:leads -- [--leads 2000] [--concurrency 20]`: how many leads a
 * second the lead service stores, and how long a visitor waits, over loopback.
 *
 * Starts the service (server/serve.ts) as its own process on a free port, once
 * on a fresh embedded PGlite and, when DATABASE_URL names a PostgreSQL server,
 * once on a throw-away database created on that server (and dropped after: the
 * benchmark never writes into the database the service uses). Each run posts
 * the leads with distinct Idempotency-Keys, C at a time, after a short warm-up,
 * and prints leads/s and the 50th and 99th percentile of the answer time.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import getPort from 'get-port';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '200' },
  },
});
const LEADS = Number(values.leads);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);
const root = resolve(import.meta.dirname, '..');

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
      env: { ...process.env, ...env, LEAD_RATE_LIMIT: '0', SITE_ROOT: join(root, 'dist') },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null)
      throw new Error(`The service stopped (exit code ${child.exitCode}) before answering.`);
    if (
      await fetch(`${base}/`, { method: 'HEAD' }).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
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

async function measure(label: string, env: Record<string, string>) {
  const service = await startService(env);
  try {
    await post(service.base, WARMUP, 0);
    const { times, failures, seconds } = await post(service.base, LEADS, WARMUP);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      database: label,
      leads: LEADS,
      concurrency: CONCURRENCY,
      'leads/s': Math.round(LEADS / seconds),
      'p50 ms': Number(percentile(sorted, 0.5).toFixed(1)),
      'p99 ms': Number(percentile(sorted, 0.99).toFixed(1)),
      'not 201': failures,
    };
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
  const env = { ...process.env } as Record<string, string>;
  delete env.DATABASE_URL;
  results.push(await measure('PGlite (embedded)', { ...env, DATA_DIR: dataDir }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  results.push(
    await withScratchDatabase(process.env.DATABASE_URL, (url) =>
      measure('PostgreSQL', { DATABASE_URL: url }),
    ),
  );
} else {
  console.log('DATABASE_URL is not set: PostgreSQL is not measured.');
}
console.table(results);
