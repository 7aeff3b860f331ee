/**
 * The publishing engine on a throw-away checkout (the fixture sheets,
 * committed and built): publishing changes the page served, publishes queue,
 * a refused build changes nothing, an undo of the last change brings back the
 * very bytes, every change is a commit by the staff member, and pushes that
 * fail are retried until they land; the build runs compiled.
 */
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_PUBLISH_FOLDER, PUBLISH_BUILD_SCRIPT } from '../../pipeline/compiled-code';
import { PRERENDER_NODE_FLAGS } from '../../pipeline/prerender-flags';
import { PROJECT_ROOT } from '../../pipeline/project-root';
import { childPeaks } from '../../scripts/child-peaks';
import type { Publisher, PublishPhase } from '../../server/publish/publisher';
import { ConflictError, createPublisher, PublishError } from '../../server/publish/publisher';
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

  it('builds in the compiled build process, which loads no TypeScript loader', async () => {
    // The run's global setup compiled it (tests/compiled-publish-build.ts), as `npm run build` does.
    const compiled = join(PROJECT_ROOT, COMPILED_PUBLISH_FOLDER, PUBLISH_BUILD_SCRIPT);
    const builders = (await childPeaks('publish-build'))
      .map(({ command }) => command)
      .filter((command) => !command.endsWith(' compress'));
    expect(builders.length).toBeGreaterThan(0);
    for (const command of builders)
      expect(command).toBe([process.execPath, ...PRERENDER_NODE_FLAGS, compiled].join(' '));
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

  it('undoes the last change to the very bytes served before it, as a change of its own', async () => {
    const before = await settledDigest();
    const tree = await git(dir, 'rev-parse', 'HEAD:sheets');
    const draft = await rentDraft('"₹2,91,000"');
    const change = await publisher.publish(draft.id, ASHA, 'A rent typed wrong');
    expect(await page('/preRentedList')).toContain(rentShown(291000));

    const undo = await publisher.undo(change.id, VIKRAM);
    expect(await settledDigest()).toEqual(before);
    expect(await page('/preRentedList')).not.toContain(rentShown(291000));
    expect(await git(dir, 'rev-parse', 'HEAD:sheets')).toBe(tree);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
    expect(await git(dir, 'log', '-1', '--format=%an: %s')).toBe('Vikram Sethi: Undo: A rent typed wrong');
    expect(undo).toMatchObject({ kind: 'undo', rollbackOf: change.id, files: ['pre-rented.csv'] });
    const [latest, undone] = await publisher.history(2);
    expect(latest?.id).toBe(undo.id);
    expect(undone).toMatchObject({ id: change.id, rolledBackBy: undo.id });
  });

  it('commits a picture new to sheets/, and takes it out again with an undo', async () => {
    const path = 'images/projects/joy-district-aerial.jpg';
    const bytes = new Uint8Array(await readFile(join(dir, 'sheets/images/projects/joy-district-hero.jpg')));
    const draft = await publisher.createDraft([{ path, bytes }]);
    const change = await publisher.publish(draft.id, ASHA, 'An aerial picture for later');
    expect(await git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe(`sheets/${path}`);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');

    await publisher.undo(change.id, ASHA);
    expect(await git(dir, 'show', '--name-status', '--format=', 'HEAD')).toBe(`D\tsheets/${path}`);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
  });

  it('makes a build no longer kept again from the sheets in git', async () => {
    const draft = await rentDraft('"₹3,33,333"');
    const before = await page('/preRentedList');
    const change = await publisher.publish(draft.id, ASHA, 'Another rent');
    await rm(join(dir, '.data/publish/builds', change.previousBuild), { recursive: true });
    await publisher.undo(change.id, ASHA);
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
      await said(() => publisher.undo('c-unknown', ASHA)),
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

describe('a team publishing at once', { timeout: 240_000 }, () => {
  const download = () => readFile(join(dir, 'sheets/pre-rented.csv'));
  /** A member's upload: their download with `from` replaced, and the download as its base. */
  const edit = async (base: Buffer, from: string | RegExp, to: string) => {
    const text = base.toString('utf8');
    if (!text.match(from)) throw new Error(`no ${String(from)}`);
    return {
      path: 'pre-rented.csv',
      bytes: new TextEncoder().encode(text.replace(from, to)),
      base: new Uint8Array(base),
    };
  };
  const NYKAA_RENT = '"8,28,009"';
  const SOCIAL_RENT = '"15,56,325"';
  const ICICI_RENT = '"95,340"';
  const HALDIRAMS_RENT = '"1,44,210"';
  const DWARKA_RENT = '1.44 Lakh';

  it('keeps every member’s row when five publish drafts of one download at once', async () => {
    const base = await download();
    const drafts = await Promise.all([
      publisher.createDraft([await edit(base, NYKAA_RENT, '"8,30,000"')]),
      publisher.createDraft([await edit(base, SOCIAL_RENT, '"15,60,000"')]),
      publisher.createDraft([await edit(base, ICICI_RENT, '"96,000"')]),
      publisher.createDraft([await edit(base, HALDIRAMS_RENT, '"1,50,000"')]),
      publisher.createDraft([await edit(base, DWARKA_RENT, '1.5 Lakh')]),
    ]);
    const changes = await Promise.all(
      drafts.map((draft, i) => publisher.publish(draft.id, i === 1 ? VIKRAM : ASHA, `Rent ${i + 1}`)),
    );
    const live = await sheet('pre-rented.csv');
    for (const rent of ['"8,30,000"', '"15,60,000"', '"96,000"', '"1,50,000"', '1.5 Lakh'])
      expect(live).toContain(rent);
    expect(changes.map((change) => change.rows)).toEqual(
      changes.map(() => [{ sheet: 'pre-rented.csv', added: 0, removed: 0, changed: 1 }]),
    );
    expect(await git(dir, 'log', '-5', '--format=%s')).toBe('Rent 5\nRent 4\nRent 3\nRent 2\nRent 1');
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
  });

  it('stops a cell both changed, naming both values and who changed it, until the member chooses', async () => {
    const base = await download();
    const first = await publisher.createDraft([await edit(base, '"8,30,000"', '"8,40,000"')]);
    const second = await publisher.createDraft([await edit(base, '"8,30,000"', '"8,50,000"')]);
    expect(second.conflicts).toEqual([]);
    await publisher.publish(first.id, VIKRAM, 'NYKAA rent from the new lease');
    const refused = await publisher.publish(second.id, ASHA, 'NYKAA rent').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    const [conflict] = (refused as ConflictError).conflicts;
    expect(conflict).toMatchObject({
      sheet: 'pre-rented.csv',
      label: 'NYKAA · Global Foyer',
      column: 'rent',
      row: 4,
      letter: 'I',
      base: '8,30,000',
      yours: '8,50,000',
      theirs: '8,40,000',
      by: 'Vikram Sethi',
    });
    expect(await sheet('pre-rented.csv')).toContain('"8,40,000"');

    const again = await publisher.createDraft([await edit(base, '"8,30,000"', '"8,50,000"')]);
    expect(again.conflicts.map((found) => found.theirs)).toEqual(['8,40,000']);
    const choice = {
      sheet: 'pre-rented.csv',
      key: conflict?.key ?? '',
      column: 'rent',
      take: 'yours' as const,
    };
    await publisher.publish(again.id, ASHA, 'NYKAA rent as agreed', { choices: [choice] });
    expect(await sheet('pre-rented.csv')).toContain('"8,50,000"');
  });

  it('undoes an older change and keeps the later ones; refuses when a later change touched its cells', async () => {
    const history = await publisher.history(10);
    const rent2 = history.find((change) => change.message === 'Rent 2');
    const rent1 = history.find((change) => change.message === 'Rent 1');
    const asked = await publisher.plan('undo', rent2?.id ?? '');
    expect(asked.rows).toEqual([{ sheet: 'pre-rented.csv', added: 0, removed: 0, changed: 1 }]);
    // SOCIAL's own page, and the listings and table that show its rent; never a page it does not touch.
    expect(asked.pages).toContainEqual({ path: '/preRentedList/SOCIAL', change: 'changed' });
    expect(asked.pages).toContainEqual({ path: '/preRentedTable', change: 'changed' });
    expect(asked.pages.map((page) => page.path)).not.toContain('/preRentedList/NYKAA');
    const undo = await publisher.undo(rent2?.id ?? '', VIKRAM);
    const live = await sheet('pre-rented.csv');
    expect(live).toContain(SOCIAL_RENT);
    expect(live).toContain('"96,000"');
    expect(live).toContain('"8,50,000"');
    expect(undo.rows).toEqual([{ sheet: 'pre-rented.csv', added: 0, removed: 0, changed: 1 }]);
    expect(await git(dir, 'log', '-1', '--format=%an: %s')).toBe('Vikram Sethi: Undo: Rent 2');

    const plan = await publisher.plan('undo', rent1?.id ?? '');
    expect(plan.blocked.map((cell) => `${cell.letter}${cell.row} ${cell.by}`)).toEqual(['I4 Asha Rao']);
    expect(plan.pages).toEqual([]);
    const refused = await publisher.undo(rent1?.id ?? '', VIKRAM).catch((error: Error) => error.message);
    expect(refused).toMatch(
      /^This change cannot be undone on its own: later changes touched the same cells: pre-rented\.csv I4 \(rent of NYKAA · Global Foyer\), changed by Asha Rao\./,
    );
  });

  it('restores the site as it was, taking back and marking every later change', async () => {
    const history = await publisher.history(10);
    const rent1 = history.find((change) => change.message === 'Rent 1');
    const plan = await publisher.plan('restore', rent1?.id ?? '');
    // Back to Rent 1's kept build: the tenants whose rents changed since (SOCIAL's was undone) change again.
    const paths = plan.pages.map((page) => page.path);
    for (const tenant of ['ICICI Bank', 'Haldirams', 'NYKAA'])
      expect(paths).toContain(`/preRentedList/${tenant}`);
    expect(paths).not.toContain('/preRentedList/SOCIAL');
    expect(plan.takesBack.map((change) => change.message)).toEqual([
      'Undo: Rent 2',
      'NYKAA rent as agreed',
      'NYKAA rent from the new lease',
      'Rent 5',
      'Rent 4',
      'Rent 3',
    ]);
    const restore = await publisher.restore(rent1?.id ?? '', ASHA);
    expect(await git(dir, 'rev-parse', 'HEAD:sheets')).toBe(
      await git(dir, 'rev-parse', `${rent1?.commit}:sheets`),
    );
    expect(await git(dir, 'log', '-1', '--format=%an')).toBe('Asha Rao');
    const after = await publisher.history(9);
    expect(
      after.map((change) => [change.message.replace(/ at .* UTC/, ''), change.rolledBackBy === null]),
    ).toEqual([
      [restore.message.replace(/ at .* UTC/, ''), true],
      ['Undo: Rent 2', false],
      ['NYKAA rent as agreed', false],
      ['NYKAA rent from the new lease', false],
      ['Rent 5', false],
      ['Rent 4', false],
      ['Rent 3', false],
      ['Rent 2', false],
      ['Rent 1', true],
    ]);
  });
});
