/**
 * A checkout whose commit never reached CONTENT_GIT_REMOTE, because its instance stopped between
 * commit and push, while the next holder of the publish lock made the same change again from the
 * queue in the database: the start is refused, and the advice is to drop the checkout's copy,
 * not to merge it (which would record the change twice). Git alone: no build is needed to refuse.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Follower } from '../../server/publish/follow';
import { ContentRepo } from '../../server/publish/git';
import type { Queue } from '../../server/publish/queue';
import { Workspace } from '../../server/publish/workspace';
import { git } from './publish-checkout';

const ASHA = { name: 'Asha Rao', email: 'asha@example.com' };

let dir: string;
let remote: string;

/** `checkout`'s sheets/pre-rented.csv with `rent`, committed as the publisher commits change `id`. */
async function publishRent(checkout: string, rent: string, id: string, at: Date): Promise<void> {
  await writeFile(join(checkout, 'sheets/pre-rented.csv'), `tenant,rent\nSBI Bank,${rent}\n`);
  await (await ContentRepo.open(checkout)).commitSheets(ASHA, at, 'New rent', id);
}

/** Why `checkout`, started with the remote, refuses to serve. */
async function refusal(checkout: string): Promise<string> {
  const repo = await ContentRepo.open(checkout);
  const head = await repo.head();
  const work = join(dir, 'work');
  const ws = new Workspace(
    repo,
    { work, builds: join(work, 'builds'), drafts: '', previews: '', scratch: '' },
    {
      version: 1,
      live: { build: 'b1', commit: head },
      adopted: { build: 'b1', fingerprint: '' },
      changes: [],
      pending: null,
    },
    { repoDir: checkout, workDir: work, remote: { url: remote, branch: 'main' } },
  );
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
