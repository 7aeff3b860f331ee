/**
 * A checkout whose commit never reached CONTENT_GIT_REMOTE, because its instance stopped between
 * commit and push, while the next holder of the publish lock made the same change again from the
 * queue in the database: the start is refused, and the advice is to drop the checkout's copy,
 * not to merge it (which would record the change twice). Git alone: no build is needed to refuse.
 * Once the advice is followed, the instance lists the change once, and an undo made elsewhere as
 * the undo it is, read from its commit's trailers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Follower } from '../../server/publish/follow';
import { ContentRepo } from '../../server/publish/git';
import type { Queue } from '../../server/publish/queue';
import type { Change, PublisherState } from '../../server/publish/state';
import { Workspace } from '../../server/publish/workspace';
import { git } from './publish-checkout';

const ASHA = { name: 'Asha Rao', email: 'asha@example.com' };

let dir: string;
let remote: string;

const ONE_ROW = [{ sheet: 'pre-rented.csv', added: 0, removed: 0, changed: 1 }];

/**
 * `checkout`'s sheets/pre-rented.csv with `rent`, committed as the publisher commits change `id`
 * (a publish, unless `kind` says otherwise); returns the commit.
 */
async function publishRent(
  checkout: string,
  rent: string,
  id: string,
  at: Date,
  kind: Pick<Change, 'kind' | 'rollbackOf' | 'message'> = {
    kind: 'publish',
    rollbackOf: null,
    message: 'New rent',
  },
): Promise<string> {
  await writeFile(join(checkout, 'sheets/pre-rented.csv'), `tenant,rent\nSBI Bank,${rent}\n`);
  return (await ContentRepo.open(checkout)).commitSheets(ASHA, at, kind.message, {
    id,
    kind: kind.kind,
    rollbackOf: kind.rollbackOf,
    takesBack: [],
    rows: ONE_ROW,
  });
}

/** An instance's publisher on `checkout`, following the remote, from `state`. */
async function workspace(checkout: string, state: Partial<PublisherState> = {}): Promise<Workspace> {
  const repo = await ContentRepo.open(checkout);
  const head = await repo.head();
  const work = join(dir, 'work');
  await mkdir(work, { recursive: true });
  return new Workspace(
    repo,
    { work, builds: join(work, 'builds'), drafts: '', previews: '', scratch: join(work, 'scratch') },
    {
      version: 1,
      live: { build: 'b1', commit: head },
      adopted: { build: 'b1', fingerprint: '' },
      changes: [],
      pending: null,
      ...state,
    },
    { repoDir: checkout, workDir: work, remote: { url: remote, branch: 'main' } },
  );
}

/** Why `checkout`, started with the remote, refuses to serve. */
async function refusal(checkout: string): Promise<string> {
  const ws = await workspace(checkout);
  // Refused before anything is built: the queue is never reached.
  const error = await new Follower(ws, undefined as unknown as Queue).catchUp('start').then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message.replaceAll(dir, '<folder>').replace(/[0-9a-f]{40}/g, '<commit>');
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publish-follow-'));
  remote = join(dir, 'content.git');
  const seed = join(dir, 'seed');
  await mkdir(join(seed, 'sheets'), { recursive: true });
  await writeFile(join(seed, 'sheets/pre-rented.csv'), 'tenant,rent\nSBI Bank,208439\n');
  await git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
  await git(seed, 'init', '--quiet', '--initial-branch=main');
  await git(seed, 'add', '--all');
  await git(seed, 'commit', '--quiet', '--message', 'The sheets');
  await git(seed, 'push', '--quiet', remote, 'HEAD:refs/heads/main');
  for (const name of ['a', 'b']) await git(dir, 'clone', '--quiet', remote, join(dir, name));
  // A committed change c1 and stopped before pushing it; B made c1 again from the queue and pushed.
  await publishRent(join(dir, 'a'), '212000', 'c1', new Date('2026-11-27T10:00:00Z'));
  await publishRent(join(dir, 'b'), '212000', 'c1', new Date('2026-11-27T10:00:05Z'));
  await git(join(dir, 'b'), 'push', '--quiet', remote, 'HEAD:refs/heads/main');
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a start from a checkout whose change another instance made again', () => {
  it('says to drop the checkout’s copy, naming the remote’s commit', async () => {
    expect(await refusal(join(dir, 'a'))).toMatchInlineSnapshot(
      `"The checkout <folder>/a holds a commit that CONTENT_GIT_REMOTE (<folder>/content.git, branch main) does not have: the service would serve and publish on a history the git host and the other instances never see. Another instance published the same change again after this one stopped before pushing (the remote's commits carry the same Publish-Change): drop the checkout's copy rather than push it, then start the service again: git -C <folder>/a reset --keep <commit>"`,
    );
    // The advice, followed, leaves the checkout at the remote's commit with nothing of its own.
    const head = await git(dir, 'ls-remote', remote, 'refs/heads/main').then(
      (line) => line.split('\t')[0] ?? '',
    );
    await git(join(dir, 'a'), 'reset', '--quiet', '--keep', head);
    expect(await git(join(dir, 'a'), 'rev-parse', 'HEAD')).toBe(head);
  });

  it('says to merge when the checkout holds a commit of its own as well', async () => {
    await writeFile(join(dir, 'a/notes.md'), 'A developer’s note\n');
    await git(join(dir, 'a'), 'add', 'notes.md');
    await git(join(dir, 'a'), 'commit', '--quiet', '--message', 'A note');
    expect(await refusal(join(dir, 'a'))).toMatchInlineSnapshot(
      `"The checkout <folder>/a holds 2 commits that CONTENT_GIT_REMOTE (<folder>/content.git, branch main) does not have: the service would serve and publish on a history the git host and the other instances never see. The remote has a commit the checkout lacks as well: merge them (git -C <folder>/a pull <folder>/content.git main) and push, then start the service again: git -C <folder>/a push <folder>/content.git HEAD:refs/heads/main"`,
    );
  });
});

describe('a start once the checkout’s copy is dropped', () => {
  it('lists the change once, with the remote’s commit, and an undo made elsewhere as an undo', async () => {
    const a = join(dir, 'a');
    const own = await git(a, 'rev-parse', 'HEAD');
    const b = join(dir, 'b');
    const remade = await git(b, 'rev-parse', 'HEAD');
    const undo = await publishRent(b, '208439', 'u1', new Date('2026-11-27T10:05:00Z'), {
      kind: 'undo',
      rollbackOf: 'c1',
      message: 'Undo: New rent',
    });
    await git(b, 'push', '--quiet', remote, 'HEAD:refs/heads/main');
    expect(await git(b, 'log', '-1', '--format=%B')).toMatchInlineSnapshot(`
      "Undo: New rent

      Publish-Change: u1
      Publish-Kind: undo
      Publish-Rollback-Of: c1
      Publish-Rows: [{"sheet":"pre-rented.csv","added":0,"removed":0,"changed":1}]"
    `);
    // The advice followed after a refused start, which fetched the remote's commits.
    await git(a, 'fetch', '--quiet', remote, 'main');
    await git(a, 'reset', '--quiet', '--keep', remade);

    // A's history as it was when it stopped: its own copy of c1, committed and not pushed.
    const copy: Change = {
      id: 'c1',
      kind: 'publish',
      commit: own,
      author: ASHA,
      at: '2026-11-27T10:00:00.000Z',
      message: 'New rent',
      files: ['pre-rented.csv'],
      rows: ONE_ROW,
      rollbackOf: null,
      takesBack: [],
      rolledBackBy: null,
      build: 'b1',
      previousBuild: 'b0',
      previousCommit: own,
      push: { state: 'pending', error: null, attempts: 0, triedAt: null },
    };
    const ws = await workspace(a, { live: { build: 'b1', commit: own }, changes: [copy] });
    const built: string[] = [];
    const queue = {
      build: async (_sheets: string, out: string) => {
        built.push(out);
        await mkdir(join(out, 'site'), { recursive: true });
      },
      compressLater: () => undefined,
      afterSwitch: () => Promise.resolve(),
    };
    await new Follower(ws, queue as unknown as Queue).catchUp('start');

    expect(built).toHaveLength(1);
    expect(await git(a, 'rev-parse', 'HEAD')).toBe(undo);
    expect(ws.state.live.commit).toBe(undo);
    expect(
      ws.state.changes.map(({ id, kind, commit, rollbackOf, rolledBackBy, rows, push }) => ({
        id,
        kind,
        commit,
        rollbackOf,
        rolledBackBy,
        rows,
        push: push.state,
      })),
    ).toEqual([
      {
        id: 'c1',
        kind: 'publish',
        commit: remade,
        rollbackOf: null,
        rolledBackBy: 'u1',
        rows: ONE_ROW,
        push: 'pushed',
      },
      {
        id: 'u1',
        kind: 'undo',
        commit: undo,
        rollbackOf: 'c1',
        rolledBackBy: null,
        rows: ONE_ROW,
        push: 'pushed',
      },
    ]);
  });
});
