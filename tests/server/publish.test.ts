/**
 * The publishing engine on a throw-away checkout (the fixture sheets,
 * committed and built): publishing changes the page served, publishes queue,
 * a refused build changes nothing, a roll back brings back the very bytes,
 * every change is a commit by the staff member, and pushes that fail are
 * retried until they land.
 */
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Publisher, PublishPhase } from '../../server/publish/publisher';
import { createPublisher, PublishError } from '../../server/publish/publisher';
import { siteRoutes } from '../../server/static/site';
import { builtCheckout, editedSheet, git, removeCheckout, siteDigest, rentShown } from './publish-checkout';

const ASHA = { name: 'Asha Rao', email: 'asha@example.com' };
const VIKRAM = { name: 'Vikram Sethi', email: 'vikram@example.com' };
/** The rent cell of the first pre-rented row. */
const RENT = /(?<=Vatika Business Park,Golf Course Road,Bank,4500,-,9,3,)"₹[\d,]+"/;

let dir: string;
let remote: string;
let publisher: Publisher;
const phases: [string, PublishPhase][] = [];
let site: ReturnType<typeof siteRoutes>;

beforeAll(async () => {
  dir = await builtCheckout();
  remote = join(dir, 'not-yet', 'content.git');
  publisher = await createPublisher({
    repoDir: dir,
    workDir: join(dir, '.data/publish'),
    initialSite: join(dir, 'dist'),
    remote: { url: remote, branch: 'site-content' },
    pushRetryMs: 60 * 60 * 1000,
    onProgress: (id, phase) => phases.push([id, phase]),
  });
  site = siteRoutes(() => publisher.siteRoots());
}, 240_000);

afterAll(async () => {
  await publisher.close();
  await removeCheckout(dir);
});

/** The live site's files once their compressed copies are written. */
async function settledDigest() {
  await publisher.settled();
  return siteDigest(publisher.liveRoot());
}

const page = async (path: string) => (await site.request(path)).text();
const sheet = (file: string) => readFile(join(dir, 'sheets', file), 'utf8');
const rentDraft = (to: string) =>
  editedSheet(join(dir, 'sheets'), 'pre-rented.csv', RENT, to).then((bytes) =>
    publisher.createDraft([{ path: 'pre-rented.csv', bytes }]),
  );

describe('publishing', { timeout: 180_000 }, () => {
  it('serves the new page once published, and commits sheets/ as the staff member', async () => {
    expect(await page('/preRentedList')).toContain(rentShown(208439));
    const draft = await rentDraft('"₹2,19,000"');
    const preview = await publisher.preview(draft.id);
    expect(preview.pages).toContainEqual({ path: '/preRentedList', change: 'changed' });
    expect(await readFile(join(preview.root, 'preRentedList/index.html'), 'utf8')).toContain(
      rentShown(219000),
    );
    expect(await page('/preRentedList')).toContain(rentShown(208439));

    const change = await publisher.publish(draft.id, ASHA, 'SBI Vatika rent from the new lease');
    const served = await page('/preRentedList');
    expect(served).toContain(rentShown(219000));
    expect(served).not.toContain(rentShown(208439));
    expect(await sheet('pre-rented.csv')).toContain('"₹2,19,000"');

    expect(await git(dir, 'log', '-1', '--format=%an <%ae>|%cn|%s|%H')).toBe(
      `Asha Rao <asha@example.com>|Asha Rao|SBI Vatika rent from the new lease|${change.commit}`,
    );
    expect(await git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('sheets/pre-rented.csv');
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
    expect(change).toMatchObject({
      kind: 'publish',
      files: ['pre-rented.csv'],
      author: ASHA,
      rolledBackBy: null,
    });
    expect((await publisher.history(1))[0]?.id).toBe(change.id);
  });

  it('never stages what else the working tree holds', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'src/notes-scratch.txt'), 'a developer’s unfinished work\n');
    await git(dir, 'add', 'src/notes-scratch.txt');
    const draft = await rentDraft('"₹2,20,500"');
    await publisher.publish(draft.id, ASHA, 'Rent corrected');
    expect(await git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('sheets/pre-rented.csv');
    expect(await git(dir, 'diff', '--cached', '--name-only')).toBe('src/notes-scratch.txt');
    await git(dir, 'rm', '--cached', '--quiet', 'src/notes-scratch.txt');
    await rm(join(dir, 'src/notes-scratch.txt'));
  });

  it('runs two publishes one after the other, the second on top of the first', async () => {
    const rent = await rentDraft('"₹2,30,000"');
    const brand = await publisher.createDraft([
      {
        path: 'settings.csv',
        bytes: new TextEncoder().encode(
          (await sheet('settings.csv')).replace(
            'brand_name,Gurgaon Estates',
            'brand_name,Gurgaon Estates Ltd',
          ),
        ),
      },
    ]);
    phases.length = 0;
    const [first, second] = await Promise.all([
      publisher.publish(rent.id, ASHA, 'Rent up'),
      publisher.publish(brand.id, VIKRAM, 'Brand name in full'),
    ]);
    const order = phases
      .filter(([, phase]) => phase !== 'queued')
      .map(([id, phase]) => `${id === first.id ? 1 : 2} ${phase}`);
    expect(order).toEqual([
      '1 building',
      '1 committing',
      '1 committed',
      '1 live',
      '2 building',
      '2 committing',
      '2 committed',
      '2 live',
    ]);
    expect(second.previousCommit).toBe(first.commit);
    const served = await page('/preRentedList');
    expect(served).toContain(rentShown(230000));
    expect(served).toContain('Gurgaon Estates Ltd');
    expect(await git(dir, 'log', '-2', '--format=%an: %s')).toBe(
      'Vikram Sethi: Brand name in full\nAsha Rao: Rent up',
    );
  });

  it('leaves the live site, sheets/ and git as they were when the build refuses the sheets, and says why', async () => {
    const before = {
      digest: await settledDigest(),
      head: await git(dir, 'rev-parse', 'HEAD'),
    };
    const history = await publisher.history();
    const broken = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', 'Bank,4500,-', 'Bank,lots,-');
    const draft = await publisher.createDraft([{ path: 'pre-rented.csv', bytes: broken }]);
    const failure = await publisher
      .publish(draft.id, ASHA, 'An area in words')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublishError);
    expect((failure as Error).message).toMatch(/^The site could not be built from these sheets:\n/);
    expect((failure as Error).message).toContain('pre-rented.csv');
    expect((failure as Error).message).toContain('total_area');
    expect(await settledDigest()).toEqual(before.digest);
    expect(await git(dir, 'rev-parse', 'HEAD')).toBe(before.head);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
    expect(await publisher.history()).toEqual(history);
  });

  it('rolls back to the very bytes served before the change, as a change of its own', async () => {
    const before = await settledDigest();
    const tree = await git(dir, 'rev-parse', 'HEAD:sheets');
    const draft = await rentDraft('"₹2,91,000"');
    const change = await publisher.publish(draft.id, ASHA, 'A rent typed wrong');
    expect(await page('/preRentedList')).toContain(rentShown(291000));

    const undo = await publisher.rollback(change.id, VIKRAM);
    expect(await settledDigest()).toEqual(before);
    expect(await page('/preRentedList')).not.toContain(rentShown(291000));
    expect(await git(dir, 'rev-parse', 'HEAD:sheets')).toBe(tree);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
    expect(await git(dir, 'log', '-1', '--format=%an: %s')).toBe(
      'Vikram Sethi: Roll back: A rent typed wrong',
    );
    expect(undo).toMatchObject({ kind: 'rollback', rollbackOf: change.id, files: ['pre-rented.csv'] });
    const [latest, undone] = await publisher.history(2);
    expect(latest?.id).toBe(undo.id);
    expect(undone).toMatchObject({ id: change.id, rolledBackBy: undo.id });
  });

  it('makes a build no longer kept again from the sheets in git', async () => {
    const draft = await rentDraft('"₹3,33,333"');
    const before = await page('/preRentedList');
    const change = await publisher.publish(draft.id, ASHA, 'Another rent');
    await rm(join(dir, '.data/publish/builds', change.previousBuild), { recursive: true });
    await publisher.rollback(change.id, ASHA);
    expect(await page('/preRentedList')).toBe(before);
  });

  it('refuses what it cannot do, in plain words', async () => {
    const said = (attempt: () => Promise<unknown>) =>
      attempt().then(
        () => 'no error',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const same = { path: 'pre-rented.csv', bytes: new TextEncoder().encode(await sheet('pre-rented.csv')) };
    const draft = await publisher.createDraft([same]);
    expect([
      await said(() => publisher.createDraft([{ path: '../package.json', bytes: new Uint8Array() }])),
      await said(() => publisher.createDraft([{ path: 'images/.hidden', bytes: new Uint8Array() }])),
      await said(() => publisher.createDraft([])),
      await said(() => publisher.publish('d-missing', ASHA, 'A change')),
      await said(() => publisher.publish(draft.id, { name: '', email: 'no' }, 'A change')),
      await said(() => publisher.publish(draft.id, ASHA, 'two\nlines')),
      await said(() => publisher.publish(draft.id, ASHA, 'Nothing new')),
      await said(() => publisher.rollback('c-unknown', ASHA)),
    ]).toMatchSnapshot();
  });

  it('pushes every commit to the remote, and retries a push that failed until it lands', async () => {
    const owed = (await publisher.history(20)).filter((change) => change.push.state !== 'pushed');
    expect(owed.length).toBeGreaterThan(0);
    expect(owed.some((change) => change.push.state === 'failed' && change.push.error !== null)).toBe(true);

    await git(join(dir), 'init', '--quiet', '--bare', remote);
    await publisher.retryPush();
    const history = await publisher.history(20);
    expect(history.map((change) => change.push.state)).toEqual(history.map(() => 'pushed'));
    expect(await git(remote, 'log', '-1', '--format=%H %an', 'site-content')).toBe(
      `${history[0]?.commit} ${history[0]?.author.name}`,
    );
  });

  it('refuses a folder that is not a git checkout, saying what to do', async () => {
    const plain = await mkdtemp(join(tmpdir(), 'not-a-checkout-'));
    try {
      await access(plain);
      const error = await createPublisher({ repoDir: plain, workDir: join(plain, 'publish') }).catch(
        (failure: Error) => failure.message.replace(plain, '<dir>'),
      );
      expect(error).toMatchSnapshot();
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });
});
