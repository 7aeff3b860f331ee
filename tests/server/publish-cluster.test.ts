/**
 * Two service instances, each started as `npm run serve` starts it, on one
 * PostgreSQL database and one bare git remote (CONTENT_GIT_REMOTE), each with
 * a checkout of its own: a publish on one is served by the other within
 * seconds; a publish asked of one while the other publishes waits in the
 * database's queue and is run by the other; a change whose runner is killed
 * mid-build is run again by the survivor, and one queued on an instance killed
 * before its turn is run by the survivor, each once; restarted, the killed
 * one serves what the survivor published. A change left running whose commit
 * reached the remote is marked done, not run again. A checkout holding a
 * commit the remote lacks is refused. What is counted is what was stored: the
 * remote's commits, the queue's rows and the pages served. The instances are
 * stopped by their process ids.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { createPublisher } from '../../server/publish/publisher';
import { staffAuthFor } from '../../server/staff/auth-for';
import { PublishConflictSchema } from '../../src/schema/staff-sheets';
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
/** Every instance started, stopped ones too, with what each printed. */
const launched = new Map<string, Instance[]>();

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
  launched.set(name, [...(launched.get(name) ?? []), instance]);
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

/** pre-rented.csv of a checkout with the first `from` replaced by `to`. */
const edited = (checkout: string, from: string, to: string) =>
  editedSheet(join(checkout, 'sheets'), 'pre-rented.csv', from, to);

/** Resolves once `builds` holds a build being made (its staging folder, `<build>.tmp`). */
async function building(builds: string): Promise<void> {
  while (!(await readdir(builds)).some((entry) => entry.endsWith('.tmp')))
    await new Promise((next) => setTimeout(next, 10));
}

/** How many commits of the remote's branch carry this message. */
async function commitsSaying(message: string): Promise<number> {
  return (await git(remote, 'log', '--format=%s', 'main')).split('\n').filter((line) => line === message)
    .length;
}

interface QueueRow {
  id: string;
  state: string;
  run_by: string | null;
  attempts: number;
  commit: string | null;
  inputs: boolean;
}

/** The rows of the publish queue whose change has this message. */
const queueRows = (message: string) =>
  db.query<QueueRow>(
    `SELECT id, state, run_by, attempts, result->>'commit' AS commit, inputs IS NOT NULL AS inputs
     FROM publish_queue WHERE message = $1`,
    [message],
  );

/** Resolves once the publish queue holds a row of this message in one of `states`; the test's timeout is the backstop. */
async function queued(message: string, states: string[]): Promise<QueueRow> {
  for (;;) {
    const row = (await queueRows(message)).find((entry) => states.includes(entry.state));
    if (row !== undefined) return row;
    await new Promise((next) => setTimeout(next, 50));
  }
}

/** `run_by` of an instance's rows: its host, then its process id. */
const runBy = (instance: Instance) => new RegExp(`/${instance.child.pid}/`);

/** Uploads pre-rented.csv as the console does; resolves with a function that publishes the draft. */
async function upload(at: Instance, cookie: string, bytes: Uint8Array) {
  const headers = { Cookie: cookie, Origin: at.url };
  const form = new FormData();
  form.set('file', new File([Buffer.from(bytes)], 'pre-rented.csv', { type: 'text/csv' }));
  const answer = await fetch(`${at.url}/staff/api/sheets/upload`, { method: 'POST', headers, body: form });
  const { draftId } = (await answer.json()) as { draftId: string | null };
  if (draftId === null) throw new Error(`The upload to ${at.url} made no draft.`);
  return (message: string) =>
    fetch(`${at.url}/staff/api/sheets/publish`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ draftId, message }),
    });
}

/** Uploads pre-rented.csv and publishes it, as the console does; resolves with the answer to Publish. */
async function publish(at: Instance, cookie: string, bytes: Uint8Array, message: string): Promise<Response> {
  return (await upload(at, cookie, bytes))(message);
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

    // A failure among processes is read from what each printed.
    afterEach((context) => {
      if (context.task.result?.state !== 'fail') return;
      for (const [name, instances] of launched)
        for (const [i, instance] of instances.entries())
          console.error(
            `The ${name} instance (start ${i + 1}, pid ${instance.child.pid}) printed:\n${instance.output()}`,
          );
    });

    afterAll(async () => {
      for (const instance of running) await stop(instance);
      await db?.close();
      await database?.drop();
      await removeCheckout(folder);
      await removeCheckout(dir);
    });

    it('serves a publish made on the other instance within seconds', async () => {
      const bytes = await edited(dir, RENT, '"₹4,44,444"');
      const answer = await publish(a, cookie, bytes, 'New rent from A');
      expect(answer.status).toBe(200);
      await serves(b, 444444);
      expect(await git(checkoutB, 'log', '-1', '--format=%an: %s')).toBe('Asha Rao: New rent from A');
    });

    it('runs a publish asked of one instance while the other publishes, in turn there, and answers with its change', async () => {
      const second = await edited(checkoutB, '1.44 Lakh', '"₹1,44,444"');
      const publishOnB = await upload(b, cookie, second);
      const first = await edited(dir, '"₹4,44,444"', '"₹3,33,333"');
      const fromA = publish(a, cookie, first, 'Rent from A');
      await building(join(folder, 'a', 'publish', 'builds'));
      // Asked of B while A holds the lock and builds.
      const answer = await publishOnB('Rent from B, while A publishes');
      expect(answer.status).toBe(200);
      expect((await fromA).status).toBe(200);

      const { id } = (await answer.json()) as { id: string };
      const [row, ...more] = await queueRows('Rent from B, while A publishes');
      expect(more).toEqual([]);
      expect(row).toMatchObject({ id, state: 'done', attempts: 1, inputs: false });
      expect(row?.run_by).toMatch(runBy(a));
      expect(await git(remote, 'log', '-3', '--format=%s', 'main')).toBe(
        'Rent from B, while A publishes\nRent from A\nNew rent from A',
      );
      expect(row?.commit).toBe(await git(remote, 'rev-parse', 'main'));
      // B answers once it serves the change itself.
      const page = await listing(b);
      expect(page).toContain(rentShown(333333));
      expect(page).toContain(rentShown(144444));
    });

    it('marks a change left running done, without running it again, when its commit reached the remote', async () => {
      const message = 'Rent from B, while A publishes';
      const [before] = await queueRows(message);
      // As if its runner had stopped after the push, before it wrote the outcome.
      await db.query(`UPDATE publish_queue SET state = 'running', result = NULL WHERE id = $1`, [before?.id]);
      await db.query(`SELECT pg_notify('publish_queue', 'queued a-notice')`);
      const after = await queued(message, ['done', 'failed']);
      expect(after).toMatchObject({ state: 'done', attempts: 1, commit: before?.commit });
      expect(await commitsSaying(message)).toBe(1);
    });

    it('runs again, once, on the survivor a change whose runner was killed while building', async () => {
      const bytes = await edited(dir, '"₹3,33,333"', '"₹5,55,555"');
      const interrupted = publish(a, cookie, bytes, 'Killed while building').catch(() => null);
      await building(join(folder, 'a', 'publish', 'builds'));
      await stop(a, 'SIGKILL');
      await interrupted;

      // B finds the lock free and the killed one's change first in the queue when it hears of a
      // queued change, or at its half-minute recheck; its next publish is read from its sheets
      // after that, since a CSV upload's base is the live sheet it is uploaded over.
      await db.query(`SELECT pg_notify('publish_queue', 'queued a-notice')`);
      await queued('Killed while building', ['done']);
      await serves(b, 555555);
      const next = await edited(checkoutB, '"₹1,44,444"', '"₹1,55,555"');
      const answer = await publish(b, cookie, next, 'New rent from B');
      expect(answer.status).toBe(200);
      const page = await listing(b);
      expect(page).toContain(rentShown(555555));
      expect(page).toContain(rentShown(155555));
      expect(await git(remote, 'log', '-3', '--format=%s', 'main')).toBe(
        'New rent from B\nKilled while building\nRent from B, while A publishes',
      );
      expect(await commitsSaying('Killed while building')).toBe(1);
      const rows = await queueRows('Killed while building');
      expect(rows).toMatchObject([{ state: 'done', attempts: 2, inputs: false }]);
      expect(rows[0]?.run_by).toMatch(runBy(b));

      // Restarted on its own checkout, the killed instance serves what the survivor published.
      a = await start('a', dir);
      expect(await listing(a)).toContain(rentShown(155555));
      expect(await git(dir, 'rev-parse', 'HEAD')).toBe(await git(remote, 'rev-parse', 'main'));
    });

    it('publishes once, from the survivor, a change queued on an instance killed before its turn', async () => {
      const second = await edited(dir, '"₹1,55,555"', '"₹1,77,777"');
      const publishOnA = await upload(a, cookie, second);
      const first = await edited(checkoutB, '"₹5,55,555"', '"₹6,66,666"');
      const fromB = publish(b, cookie, first, 'Rent from B, while A waits');
      await building(join(folder, 'b', 'publish', 'builds'));
      const waiting = publishOnA('Queued on A, which is killed').catch(() => null);
      await queued('Queued on A, which is killed', ['queued']);
      await stop(a, 'SIGKILL');
      await waiting;
      expect((await fromB).status).toBe(200);

      const row = await queued('Queued on A, which is killed', ['done', 'failed']);
      expect(row).toMatchObject({ state: 'done', attempts: 1, inputs: false });
      expect(row.run_by).toMatch(runBy(b));
      expect(await queueRows('Queued on A, which is killed')).toHaveLength(1);
      expect(await git(remote, 'log', '-2', '--format=%s', 'main')).toBe(
        'Queued on A, which is killed\nRent from B, while A waits',
      );
      expect(await commitsSaying('Queued on A, which is killed')).toBe(1);
      await serves(b, 177777);
    });

    it('answers a queued publish whose cell a colleague changed with the conflict, and queues an undo as well', async () => {
      const mine = await upload(b, cookie, await edited(checkoutB, '"₹6,66,666"', '"₹1,11,111"'));
      const theirs = await publish(
        b,
        cookie,
        await edited(checkoutB, '"₹6,66,666"', '"₹2,22,222"'),
        'Their rent',
      );
      expect(theirs.status).toBe(200);
      const refused = await mine('My rent');
      expect(refused.status).toBe(409);
      expect(PublishConflictSchema.parse(await refused.json()).conflicts).toMatchObject([
        { sheet: 'pre-rented.csv', column: 'rent', yours: '₹1,11,111', theirs: '₹2,22,222', by: 'Asha Rao' },
      ]);
      expect(await queueRows('My rent')).toMatchObject([{ state: 'failed', inputs: false }]);

      const { id } = (await theirs.json()) as { id: string };
      const undo = await fetch(`${b.url}/staff/api/sheets/undo`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: b.url, 'Content-Type': 'application/json' },
        body: JSON.stringify({ changeId: id }),
      });
      expect(undo.status).toBe(200);
      expect(await git(remote, 'log', '-2', '--format=%s', 'main')).toBe('Undo: Their rent\nTheir rent');
      expect(await listing(b)).toContain(rentShown(666666));
    });

    it('gives up a queued change whose runs stopped their instances three times', async () => {
      const [row] = await queueRows('My rent');
      // As if three instances in turn had stopped while making it.
      await db.query(`UPDATE publish_queue SET state = 'running', attempts = 3 WHERE id = $1`, [row?.id]);
      await db.query(`SELECT pg_notify('publish_queue', 'queued a-notice')`);
      expect(await queued('My rent', ['done', 'failed'])).toMatchObject({ state: 'failed', attempts: 3 });
      const [{ error } = { error: '' }] = await db.query<{ error: string }>(
        'SELECT error FROM publish_queue WHERE id = $1',
        [row?.id],
      );
      expect(error).toMatch(/^Nothing was published: the instances that made this change stopped 3 times/);
      expect(await commitsSaying('My rent')).toBe(0);
    });

    it('commits nothing from a runner whose turn was lost while it built, and makes the change again, once', async () => {
      const bytes = await edited(checkoutB, '"₹6,66,666"', '"₹7,77,777"');
      const answer = publish(b, cookie, bytes, 'Turn lost while building');
      await building(join(folder, 'b', 'publish', 'builds'));
      // The session holding the publish lock ends, as when the database restarts or the network drops.
      const [ended] = await db.query<{ count: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS count FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'content-publisher' AND query LIKE '%advisory_lock%'`,
      );
      expect(ended?.count).toBe(1);
      expect((await answer).status).toBe(200);
      expect(await queueRows('Turn lost while building')).toMatchObject([{ state: 'done', attempts: 2 }]);
      expect(await commitsSaying('Turn lost while building')).toBe(1);
      expect(await listing(b)).toContain(rentShown(777777));
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
