/**
 * A push that failed is tried again later, and that later try, made outside any change, waits
 * for its turn as a change does (among several instances: the publish lock), so that it never
 * lands while another instance's change has read the remote and not yet committed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ContentRepo } from '../../server/publish/git';
import { Pusher } from '../../server/publish/push';
import type { Change } from '../../server/publish/state';
import { Workspace } from '../../server/publish/workspace';
import { git } from './publish-checkout';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publish-push-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

it('tries a failed push again later, in turn, and records it pushed', async () => {
  const checkout = join(dir, 'checkout');
  await mkdir(join(checkout, 'sheets'), { recursive: true });
  await git(dir, 'init', '--quiet', '--initial-branch=main', checkout);
  await writeFile(join(checkout, 'sheets/pre-rented.csv'), 'tenant,rent\nSBI Bank,208439\n');
  await git(checkout, 'add', '--all');
  await git(checkout, 'commit', '--quiet', '--message', 'The sheets');
  await writeFile(join(checkout, 'sheets/pre-rented.csv'), 'tenant,rent\nSBI Bank,212000\n');
  const repo = await ContentRepo.open(checkout);
  const commit = await repo.commitSheets(
    { name: 'Asha Rao', email: 'asha@example.com' },
    new Date(),
    'New rent',
    {
      id: 'c1',
      kind: 'publish',
      rollbackOf: null,
      takesBack: [],
      rows: [],
    },
  );
  const change: Change = {
    id: 'c1',
    kind: 'publish',
    commit,
    author: { name: 'Asha Rao', email: 'asha@example.com' },
    at: new Date().toISOString(),
    message: 'New rent',
    files: ['pre-rented.csv'],
    rows: [],
    rollbackOf: null,
    takesBack: [],
    rolledBackBy: null,
    build: 'b1',
    previousBuild: 'b0',
    previousCommit: commit,
    push: { state: 'pending', error: null, attempts: 0, triedAt: null },
  };
  const work = join(dir, 'work');
  await mkdir(work);
  // The remote is not there yet: the first push fails.
  const remote = join(dir, 'content.git');
  const ws = new Workspace(
    repo,
    { work, builds: join(work, 'builds'), drafts: '', previews: '', scratch: '' },
    {
      version: 1,
      live: { build: 'b1', commit },
      adopted: { build: 'b1', fingerprint: '' },
      changes: [change],
      pending: null,
    },
    { repoDir: checkout, workDir: work, remote: { url: remote, branch: 'main' }, pushRetryMs: 200 },
  );
  let turns = 0;
  let tried!: () => void;
  const triedInTurn = new Promise<void>((resolve) => (tried = resolve));
  const pusher = new Pusher(ws, async (work) => {
    turns += 1;
    await work();
    tried();
  });

  await pusher.retry();
  expect(ws.state.changes[0]?.push).toMatchObject({ state: 'failed', attempts: 1 });
  expect(turns).toBe(0);

  await git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
  await triedInTurn;
  expect(turns).toBe(1);
  expect(ws.state.changes[0]?.push).toMatchObject({ state: 'pushed', error: null, attempts: 2 });
  expect(await git(dir, 'ls-remote', remote, 'refs/heads/main')).toContain(commit);
  await pusher.close();
});
