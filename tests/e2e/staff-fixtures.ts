/**
 * The staff console's browser tests run against a service of their own, started
 * as the README says (`tsx server/serve.ts --root … --port … --data-dir …`) on a
 * free port with an empty database, one per worker: PGlite, or (with
 * `test.use({ backend: 'postgres' })`, when TEST_DATABASE_URL is set) a new
 * database on that PostgreSQL server. Sign-in codes are read from its output.
 * Publishing is on, as `npm start` has it, over a throw-away git copy of
 * sheets/ (`contentDir`): a publish from the console commits there, never to
 * this checkout.
 *
 *   import { test, expect, oneBackend } from './staff-fixtures';
 *   test('…', async ({ page, staff, signIn }) => {
 *     const admin = await staff.member('admin');
 *     await signIn(page, admin.email);
 *     await page.goto(staff.url('/staff/leads'));
 *   });
 */
import type { Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import getPort, { portNumbers } from 'get-port';
import type { StaffMember, StaffRole } from '../../src/schema/staff';
import type { Backend } from '../server/databases';
import { BACKENDS, testDatabase } from '../server/databases';
import { sheetsCheckout } from '../server/publish-checkout';
import { test as base } from './fixtures';

export { expect } from './fixtures';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
/** The built site; its console is beside it (`dist-staff`). */
const SITE = resolve(ROOT, process.env.SITE_OUT ?? 'dist');

export type { Backend } from '../server/databases';

/**
 * The database a spec's browsers meet: `preferred` where it is set up, PGlite otherwise. Each staff
 * spec meets one, the team's and two others PostgreSQL, three PGlite. The service's own tests
 * (tests/server) run every query and every route on both, and each browser test run twice cost CI
 * minutes of its 40 (the team's spec alone 569 s of browser time on both, 314 s on one).
 */
export const oneBackend = (preferred: Backend): Backend[] =>
  BACKENDS.includes(preferred) ? [preferred] : ['pglite'];

export interface StaffService {
  origin: string;
  /** The git checkout (CONTENT_REPO_DIR) whose sheets/ the service publishes and commits. */
  contentDir: string;
  /** An address on the service: `url('/staff/leads')`. */
  url(path: string): string;
  /** Everything the service has printed so far. */
  output(): string;
  /** The newest sign-in code printed for `email` after `after` characters of output. */
  codeFor(email: string, after?: number): Promise<string>;
  /** Runs `npm run staff -- …args` against this service's database; resolves with its output. */
  cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }>;
  /** A new member of staff with a unique address. */
  member(role: StaffRole, name?: string): Promise<StaffMember>;
  /** A one-time sign-in address for `email` (`npm run staff -- link`). */
  link(email: string): Promise<string>;
}

interface WorkerFixtures {
  /** The services this worker started, one per backend, each on first use. */
  staffServices: { get(backend: Backend): Promise<StaffService> };
}

interface TestFixtures {
  /** The database behind `staff`: `test.use({ backend: 'postgres' })` in a describe block. */
  backend: Backend;
  /** This worker's service on `backend`, shared by the worker's tests. */
  staff: StaffService;
  /** Signs `page` in as `email` with a one-time link, and waits for the console. */
  signIn: (page: Page, email: string) => Promise<void>;
}

let serial = 0;

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    process.kill(child.pid as number, 'SIGTERM');
  });
}

interface Started {
  service: StaffService;
  close(): Promise<void>;
}

/**
 * Ports from just above the Playwright server's (E2E_PORT), twenty per parallel worker, so an
 * engineer's own range holds them and workers starting together do not race for one port.
 */
function preferredPorts(): Iterable<number> {
  const first = Number(process.env.E2E_PORT ?? 4173) + 1 + 20 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return portNumbers(first, first + 19);
}

/** Spawns the service on a free port; `null` when another process took that port first. */
async function spawnService(env: NodeJS.ProcessEnv, dataDir: string) {
  const port = await getPort({ host: '127.0.0.1', port: preferredPorts() });
  const child = spawn(
    TSX,
    ['server/serve.ts', '--root', SITE, '--port', String(port), '--data-dir', dataDir],
    { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const started = await new Promise<boolean>((ready, fail) => {
    const check = setInterval(() => {
      if (output.includes(`${origin}/`)) {
        clearInterval(check);
        ready(true);
      } else if (child.exitCode !== null) {
        clearInterval(check);
        if (output.includes('EADDRINUSE')) ready(false);
        else fail(new Error(`The service did not start:\n${output}`));
      }
    }, 50);
  });
  return started ? { child, origin, output: () => output } : null;
}

async function startService(backend: Backend): Promise<Started> {
  const db = await testDatabase(backend);
  const dataDir = db.env.DATA_DIR;
  // Inside the data folder, so that dropping the database removes it too.
  const contentDir = join(dataDir, 'content');
  await sheetsCheckout(contentDir);
  const env = {
    ...process.env,
    LEAD_RATE_LIMIT: '0',
    CONTENT_PUBLISH: 'true',
    CONTENT_REPO_DIR: contentDir,
    ...db.env,
  };
  // Workers pick free ports at the same moment: one that loses the race tries another.
  let spawned = await spawnService(env, dataDir);
  for (let tries = 1; spawned === null && tries < 5; tries += 1) spawned = await spawnService(env, dataDir);
  if (spawned === null) throw new Error('The service found no free port in five tries.');
  const { child, origin } = spawned;
  const output = spawned.output;
  const cli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(TSX, ['server/staff-cli.ts', ...args], {
        cwd: ROOT,
        env: { ...env, PORT: new URL(origin).port },
      });
      return { stdout, stderr, code: 0 };
    } catch (error) {
      const failed = error as { stdout: string; stderr: string; code: number };
      return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
    }
  };
  const service: StaffService = {
    origin,
    contentDir,
    url: (path) => `${origin}${path}`,
    output,
    async codeFor(email, after = 0) {
      const line = new RegExp(`Staff sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`, 'g');
      for (let waited = 0; waited < 10_000; waited += 100) {
        const codes = [...output().slice(after).matchAll(line)];
        const code = codes.at(-1)?.[1];
        if (code !== undefined) return code;
        await new Promise((wait) => setTimeout(wait, 100));
      }
      throw new Error(`No sign-in code for ${email} in the service's output:\n${output()}`);
    },
    cli,
    async member(role, name = role === 'admin' ? 'Asha Admin' : 'Esha Editor') {
      serial += 1;
      const email = `${role}-${serial}-${process.pid}@example.com`;
      const added = await cli('add', email, '--name', name, '--role', role);
      if (added.code !== 0) throw new Error(`npm run staff -- add failed: ${added.stderr}`);
      return { id: '', email, name, role };
    },
    async link(email) {
      const made = await cli('link', email);
      const url = made.stdout.match(/^https?:\/\/\S+$/m)?.[0];
      if (url === undefined) throw new Error(`npm run staff -- link printed no address: ${made.stderr}`);
      return url;
    },
  };
  return {
    service,
    async close() {
      await stop(child);
      await db.drop();
    },
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  backend: ['pglite', { option: true }],
  staffServices: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const started = new Map<Backend, Promise<Started>>();
      await provide({
        get: async (backend) => {
          if (!started.has(backend)) started.set(backend, startService(backend));
          return (await (started.get(backend) as Promise<Started>)).service;
        },
      });
      for (const running of started.values()) await (await running).close();
    },
    { scope: 'worker' },
  ],
  staff: [
    async ({ staffServices, backend }, provide) => {
      await provide(await staffServices.get(backend));
    },
    // The first test on a backend waits for its service to start, longer on a busy machine.
    { timeout: 240_000 },
  ],
  signIn: async ({ staff }, provide) => {
    await provide(async (page, email) => {
      await page.goto(await staff.link(email));
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    });
  },
});
