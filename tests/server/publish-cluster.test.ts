/**
 * Two service instances, each started as `npm run serve` starts it, on one
 * PostgreSQL database and one bare git remote (CONTENT_GIT_REMOTE), each with
 * a checkout of its own: a publish on one is served by the other within
 * seconds; the publisher killed while its build runs publishes nothing, and
 * the survivor publishes next; restarted, the killed one serves what the
 * survivor published. A checkout holding a commit the remote lacks is refused.
 * The instances are stopped by their process ids.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { createPublisher } from '../../server/publish/publisher';
import { staffAuthFor } from '../../server/staff/auth-for';
import { runStaffCommand } from '../../server/staff/commands';
import type { TestDatabase } from './databases';
import { testDatabase } from './databases';
import { builtCheckout, CODE, editedSheet, git, removeCheckout, rentShown } from './publish-checkout';

const SECRET = 'cluster-test-secret-0123456789abcdefghijklmnop';
const RENT = '"₹2,08,439"';

interface Instance {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

let dir: string;
let folder: string;
let remote: string;
let database: TestDatabase;
let db: Database;
const running = new Set<Instance>();

/** An instance: the service in a process of its own, with its checkout and data folder. */
async function start(name: string, checkout: string): Promise<Instance> {
  const port = await getPort({ host: '127.0.0.1' });
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...database.env,
    DATA_DIR: join(folder, name),
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_ROOT: join(dir, 'dist'),
    STAFF_AUTH_SECRET: SECRET,
    CONTENT_PUBLISH: 'true',
    CONTENT_REPO_DIR: checkout,
    CONTENT_GIT_REMOTE: remote,
    CONTENT_GIT_BRANCH: 'main',
    CONNECTIONS_PER_ADDRESS: '0',
  };
  // Node itself, not tsx's launcher, so that the process id is the service's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
    cwd: CODE,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const instance: Instance = { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
  running.add(instance);
  await new Promise<void>((started, failed) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Site and lead service:')) started();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => failed(new Error(`The ${name} instance stopped:\n${output}`)));
  });
  return instance;
}

async function stop(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (
    instance.child.exitCode === null &&
    instance.child.signalCode === null &&
    instance.child.pid !== undefined
  )
    process.kill(instance.child.pid, signal);
  await instance.exited;
  running.delete(instance);
}

/** The session cookie of a publisher, signed in with the link `npm run staff -- link` prints. */
async function signIn(at: Instance): Promise<string> {
  const config = readConfig({ ...database.env, STAFF_AUTH_SECRET: SECRET, PORT: new URL(at.url).port });
  const { staffAuth, mailer } = await staffAuthFor(config, db);
  try {
    const email = 'asha@example.com';
    await runStaffCommand(db, staffAuth, {
      command: 'add',
      member: { email, name: 'Asha Rao', role: 'publisher' },
    });
    const link = await runStaffCommand(db, staffAuth, { command: 'link', email });
    if (link.command !== 'link') throw new Error('No sign-in link.');
    const response = await fetch(link.url, { redirect: 'manual' });
    return response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.includes('session_token='))
      .join('; ');
  } finally {
    mailer.close();
  }
}

/** Uploads pre-rented.csv and publishes it, as the console does; resolves with the answer to Publish. */
async function publish(at: Instance, cookie: string, bytes: Uint8Array, message: string): Promise<Response> {
  const headers = { Cookie: cookie, Origin: at.url };
  const form = new FormData();
  form.set('file', new File([Buffer.from(bytes)], 'pre-rented.csv', { type: 'text/csv' }));
  const upload = await fetch(`${at.url}/staff/api/sheets/upload`, { method: 'POST', headers, body: form });
  const { draftId } = (await upload.json()) as { draftId: string | null };
  if (draftId === null) throw new Error(`The upload to ${at.url} made no draft.`);
  return fetch(`${at.url}/staff/api/sheets/publish`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ draftId, message }),
  });
}

/** The pre-rented listing as `at` serves it. */
const listing = async (at: Instance) => (await fetch(`${at.url}/preRentedList`)).text();

/** Resolves once `at` serves the listing with `rent`; the test's own timeout is the backstop. */
async function serves(at: Instance, rent: number): Promise<void> {
  while (!(await listing(at)).includes(rentShown(rent))) await new Promise((next) => setTimeout(next, 100));
}

const hasDatabase = process.env.TEST_DATABASE_URL !== undefined;
if (!hasDatabase)
  console.warn('publish-cluster.test.ts is skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.');

describe.skipIf(!hasDatabase)(
  'two instances on one PostgreSQL and one git remote (skipped without TEST_DATABASE_URL: it needs a PostgreSQL server)',
  { timeout: 240_000 },
  () => {
    let a: Instance;
    let b: Instance;
    let cookie: string;
    let checkoutB: string;

    beforeAll(async () => {
      dir = await builtCheckout();
      folder = await mkdtemp(join(tmpdir(), 'publish-cluster-'));
      remote = join(folder, 'content.git');
      await git(folder, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
      await git(dir, 'push', '--quiet', remote, 'HEAD:refs/heads/main');
      checkoutB = join(folder, 'checkout-b');
      await git(folder, 'clone', '--quiet', remote, checkoutB);
      database = await testDatabase('postgres');
      db = await database.open();
      await migrate(db);
      [a, b] = await Promise.all([start('a', dir), start('b', checkoutB)]);
      cookie = await signIn(a);
    }, 300_000);

    afterAll(async () => {
      for (const instance of running) await stop(instance);
      await db?.close();
      await database?.drop();
      await removeCheckout(folder);
      await removeCheckout(dir);
    });

    it('serves a publish made on the other instance within seconds', async () => {
      const bytes = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', RENT, '"₹4,44,444"');
      const answer = await publish(a, cookie, bytes, 'New rent from A');
      expect(answer.status).toBe(200);
      await serves(b, 444444);
      expect(await git(checkoutB, 'log', '-1', '--format=%an: %s')).toBe('Asha Rao: New rent from A');
    });

    it('publishes from the survivor when the publisher is killed while building', async () => {
      const bytes = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹4,44,444"', '"₹3,33,333"');
      const interrupted = publish(a, cookie, bytes, 'Killed while building').catch(() => null);
      // The build writes into a staging folder (`<build>.tmp`) until it is whole.
      const builds = join(folder, 'a', 'publish', 'builds');
      while (!(await readdir(builds)).some((entry) => entry.endsWith('.tmp')))
        await new Promise((next) => setTimeout(next, 10));
      await stop(a, 'SIGKILL');
      await interrupted;

      const next = await editedSheet(
        join(checkoutB, 'sheets'),
        'pre-rented.csv',
        '"₹4,44,444"',
        '"₹5,55,555"',
      );
      const answer = await publish(b, cookie, next, 'New rent from B');
      expect(answer.status).toBe(200);
      expect(await listing(b)).toContain(rentShown(555555));
      expect(await git(remote, 'log', '--format=%s', 'main')).toMatch(
        /^New rent from B\nNew rent from A\nThe site with the fixture sheets$/,
      );

      // Restarted on its own checkout, the killed instance serves what the survivor published.
      a = await start('a', dir);
      expect(await listing(a)).toContain(rentShown(555555));
      expect(await git(dir, 'rev-parse', 'HEAD')).toBe(await git(remote, 'rev-parse', 'main'));
    });

    it('refuses to start from a checkout holding a commit the remote lacks, naming the push', async () => {
      const checkout = join(folder, 'checkout-c');
      await git(folder, 'clone', '--quiet', remote, checkout);
      await git(checkout, 'commit', '--quiet', '--allow-empty', '--message', 'Not pushed');
      const error = await createPublisher({
        repoDir: checkout,
        workDir: join(folder, 'c'),
        initialSite: join(dir, 'dist'),
        remote: { url: remote, branch: 'main' },
      }).then(
        async (publisher) => {
          await publisher.close();
          return 'started';
        },
        (failure: Error) => failure.message.replaceAll(folder, '<folder>'),
      );
      expect(error).toMatchSnapshot();
    });
  },
);
