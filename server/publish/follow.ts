/**
 * Following CONTENT_GIT_REMOTE: the remote's branch is the sheets staff last
 * published, whichever machine published them. At start, before each change
 * and when another instance announces a publish, the checkout is moved
 * forward to the remote's commit and the same content build is made (the
 * sheets of that commit, dated as it was committed) and switched live.
 *
 * A checkout holding commits the remote lacks would publish on a history the
 * other instances never see, so it is refused until they are pushed.
 */
import { join } from 'node:path';
import { redactUrl } from './git';
import { purgeChanged } from './purge';
import type { Queue } from './queue';
import type { Change } from './state';
import { takeBack } from './state';
import { differingFiles, exists, removeTree } from './tree';
import type { Workspace } from './workspace';
import { newId, PublishError, reason } from './workspace';

/** The checkout holds commits the remote lacks: a service must not start (or publish) from it. */
export class UnpushedCommits extends PublishError {
  override name = 'UnpushedCommits';
}

const commits = (count: number) => (count === 1 ? 'a commit' : `${count} commits`);

function unpushedMessage(
  dir: string,
  remote: { url: string; branch: string },
  unpushed: number,
  missing: number,
  when: 'start' | 'change' | 'heard',
  /** The remote's head, when its history holds every change of the unpushed commits (by change id). */
  madeAgain: string | null,
): string {
  const url = redactUrl(remote.url);
  const push = `git -C ${dir} push ${url} HEAD:refs/heads/${remote.branch}`;
  const them = unpushed === 1 ? 'it' : 'them';
  const then = when === 'start' ? 'then start the service again' : 'until then this instance cannot publish';
  return (
    `The checkout ${dir} holds ${commits(unpushed)} that CONTENT_GIT_REMOTE (${url}, branch ${remote.branch}) does not have: the service would serve and publish on a history the git host and the other instances never see. ` +
    (missing === 0
      ? `Push ${them}, ${then}: ${push}`
      : madeAgain !== null
        ? `Another instance published the same ${unpushed === 1 ? 'change' : 'changes'} again after this one stopped before pushing (the remote's commits carry the same Publish-Change): drop the checkout's ${unpushed === 1 ? 'copy' : 'copies'} rather than push ${them}, ${then}: git -C ${dir} reset --keep ${madeAgain}`
        : `The remote has ${commits(missing)} the checkout lacks as well: merge them (git -C ${dir} pull ${url} ${remote.branch}) and push, ${then}: ${push}`)
  );
}

export class Follower {
  constructor(
    private readonly ws: Workspace,
    private readonly queue: Queue,
  ) {}

  /**
   * Brings the checkout and the live build up to the remote's branch; an empty one gets its
   * branch from the next push. Commits the remote lacks refuse a `start`; later they are pushes
   * still owed (push.ts), unless the remote moved on meanwhile (the histories forked). An
   * unreachable remote stops a `change` (among several instances), as it would fork the history;
   * otherwise it is only a warning: the service goes on with what it has.
   */
  async catchUp(when: 'start' | 'change' | 'heard'): Promise<void> {
    const { ws } = this;
    const remote = ws.options.remote;
    if (remote === undefined) return;
    let head: string | null;
    try {
      head = await ws.repo.remoteHead(remote.url, remote.branch);
    } catch (error) {
      if (when === 'change')
        throw new PublishError(
          `Nothing was published: the sheets published last could not be read from ${redactUrl(remote.url)} (${reason(error)}). Try again in a minute.`,
        );
      console.warn(
        `Publishing: ${redactUrl(remote.url)} could not be reached, so the sheets published last may be newer than these: ${reason(error)}`,
      );
      return;
    }
    const local = await ws.repo.head();
    if (head === null || (head === local && head === ws.state.live.commit)) return;
    const commit = await ws.repo.fetch(remote.url, remote.branch);
    const unpushed = await ws.repo.countBeyond(local, commit);
    if (unpushed > 0) {
      const missing = await ws.repo.countBeyond(commit, local);
      if (missing === 0 && when !== 'start') return;
      const madeAgain = missing > 0 && (await this.madeAgain(local, commit, unpushed)) ? commit : null;
      throw new UnpushedCommits(unpushedMessage(ws.repo.dir, remote, unpushed, missing, when, madeAgain));
    }
    // The checkout first: the build dates each sheet by its last commit there, as the publisher's did.
    if (local !== commit) await ws.repo.fastForward(commit);
    if (ws.state.live.commit !== commit) await this.switchTo(commit);
  }

  /**
   * Whether the `unpushed` commits `local` has beyond `remote` are all changes the remote made
   * again (none a developer's own): among several instances, a publisher killed after its commit
   * but before its push has its change made once more by the next holder of the lock, from the
   * queue in the database.
   */
  private async madeAgain(local: string, remote: string, unpushed: number): Promise<boolean> {
    const [mine, theirs] = await Promise.all([
      this.ws.repo.sheetCommits(remote, local),
      this.ws.repo.sheetCommits(local, remote),
    ]);
    const remade = new Set(theirs.map((change) => change.changeId));
    return (
      mine.length === unpushed &&
      mine.every((change) => change.changeId !== null && remade.has(change.changeId))
    );
  }

  /** Builds the sheets of `commit` (or reuses the live build when they are the same) and makes it live. */
  private async switchTo(commit: string): Promise<void> {
    const { ws } = this;
    const previous = ws.state.live;
    const found = await ws.repo.sheetCommits(previous.commit, commit);
    const sheets = join(ws.dirs.scratch, `follow-${commit}`);
    let build = previous.build;
    try {
      await removeTree(sheets);
      await ws.repo.exportSheets(commit, sheets);
      const live = ws.liveSheets();
      if (!(await exists(live)) || (await differingFiles(live, sheets)).length > 0) {
        build = newId('b');
        const last = found.at(-1);
        const at = last === undefined ? new Date(Math.floor(Date.now() / 1000) * 1000) : new Date(last.at);
        await this.queue.build(sheets, ws.buildDir(build), at, true);
      }
    } finally {
      await removeTree(sheets);
    }
    for (const [index, made] of found.entries()) {
      const change: Change = {
        id: made.changeId ?? `c-${made.commit.slice(0, 12)}`,
        ...made.change,
        commit: made.commit,
        author: made.author,
        at: new Date(made.at).toISOString(),
        message: made.message,
        files: made.files,
        rolledBackBy: null,
        // Only the last one's sheets are built here; a restore to an earlier one reads them from git.
        build: index === found.length - 1 ? build : '',
        previousBuild: previous.build,
        previousCommit: made.parent,
        push: { state: 'pushed', error: null, attempts: 0, triedAt: null },
      };
      // This instance's own copy of a change another one made again (its commit dropped, see
      // unpushedMessage) is that change: it takes the remote's commit, and is not listed twice.
      const copy = ws.state.changes.find((earlier) => earlier.id === change.id);
      if (copy !== undefined)
        Object.assign(copy, { commit: change.commit, push: change.push, build: change.build || copy.build });
      else {
        takeBack(ws.state.changes, change);
        ws.state.changes.push(change);
      }
    }
    ws.state.live = { build, commit };
    await ws.save();
    await purgeChanged(join(ws.buildDir(previous.build), 'site'), ws.liveRoot());
    console.log(
      `Publishing: serving ${commit.slice(0, 8)} from ${redactUrl(ws.options.remote?.url ?? '')}, ${found.length === 1 ? 'a change' : `${found.length} changes`} published elsewhere.`,
    );
    if (build !== previous.build) this.queue.compressLater(build, previous.build);
    await this.queue.afterSwitch();
  }
}
