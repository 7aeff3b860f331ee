/**
 * The queue and the switch. Publishes, undos, restores and previews run one
 * at a time, in the order asked. A change is built in a child process (a
 * content build: server/publish/content-build.ts), sheets/ is committed in the
 * checkout as its author, then the live build is switched: one rename of the
 * state file. Until then the old build is served, whole; the folder a request
 * is served from is chosen once per request.
 *
 * The state file's journal (`pending`) says how far a change got, for
 * recovery.ts after a crash.
 */
import { cp, mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_CACHE_DIR } from '../../pipeline/images/build-images';
import type { ContentBuildResult } from './content-build';
import { purgeChanged } from './purge';
import { BuildRefused, BuildWorker } from './run-build';
import type { Author, Change, Pending, RowCount } from './state';
import { takeBack } from './state';
import { exists, linkTree, listFiles, removeTree, sameBytes } from './tree';
import type { Workspace } from './workspace';
import { newId, PublishError, reason } from './workspace';

/** The file in a build folder that says its compressed copies are all written. */
export const COMPRESSED = 'compressed';

/** Git's ISO form of a whole-second UTC time (`%cI` of a commit made at +0000). */
const gitIso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** What a change is about to make live; `sheets` is the whole folder, composed in scratch. */
export interface ChangeToApply {
  id: string;
  kind: Change['kind'];
  author: Author;
  message: string;
  files: string[];
  rows: RowCount[];
  sheets: string;
  /** The change an undo takes back, or the change a restore returns to. */
  rollbackOf?: string;
  /** Changes a restore takes back. */
  takesBack?: string[];
  /** A kept build whose sheets are exactly these, to switch to without building. */
  reuse?: string;
}

/** Makes sheets/ in the checkout hold exactly the files of `from`, each replaced whole. */
async function syncSheets(from: string, to: string): Promise<void> {
  const [wanted, present] = await Promise.all([listFiles(from), listFiles(to)]);
  const keep = new Set(wanted);
  for (const path of wanted) {
    if (await sameBytes(join(from, path), join(to, path))) continue;
    const target = join(to, path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.publish-tmp`;
    await cp(join(from, path), temporary);
    await rename(temporary, target);
  }
  for (const path of present) if (!keep.has(path)) await rm(join(to, path), { force: true });
}

/** Points `<workDir>/live` at the live site: a new link renamed over the old one, which is atomic. */
async function pointLiveLink(workDir: string, target: string): Promise<void> {
  const temporary = join(workDir, `live.${process.pid}.tmp`);
  await rm(temporary, { force: true });
  await symlink(target, temporary);
  await rename(temporary, join(workDir, 'live'));
}

export class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  private compressing: Promise<void> = Promise.resolve();
  private readonly worker = new BuildWorker();
  private readonly compressor = new BuildWorker('compress');

  constructor(
    private readonly ws: Workspace,
    /** Called after each switch (to push the new commit). */
    private readonly switched: () => void,
  ) {}

  /** Runs `work` after every publish, undo, restore and preview asked before it. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  async build(sheetsDir: string, out: string, at: Date): Promise<ContentBuildResult> {
    const staging = `${out}.tmp`;
    await removeTree(staging);
    let result: ContentBuildResult;
    try {
      result = await this.worker.build(
        {
          sheetsDir,
          base: this.ws.buildDir(this.ws.state.live.build),
          out: staging,
          committedSheetsDir: this.ws.repo.sheetsDir,
          at: gitIso(at),
          cacheDir: DEFAULT_CACHE_DIR,
        },
        `${staging}.options.json`,
      );
    } catch (error) {
      if (error instanceof BuildRefused)
        throw new PublishError(`The site could not be built from these sheets:\n${error.message}`);
      throw new PublishError(`The site could not be built: ${reason(error)}`);
    } finally {
      await rm(`${staging}.options.json`, { force: true });
    }
    // The build keeps the sheets it was made from: drafts start from them, and a restore returns to them.
    await linkTree(sheetsDir, join(staging, 'sheets'));
    await removeTree(out);
    await rename(staging, out);
    return result;
  }

  /** Builds (or reuses a kept build), commits sheets/ and switches: the steps the journal guards. */
  async apply(change: ChangeToApply): Promise<Change> {
    const { ws } = this;
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const build = change.reuse ?? newId('b');
    const pending: Pending = {
      kind: change.kind,
      changeId: change.id,
      build,
      newBuild: change.reuse === undefined,
      phase: 'building',
      change: {
        id: change.id,
        kind: change.kind,
        author: change.author,
        at: at.toISOString(),
        message: change.message,
        files: change.files,
        rows: change.rows,
        rollbackOf: change.rollbackOf ?? null,
        takesBack: change.takesBack ?? [],
        rolledBackBy: null,
        build,
        previousBuild: ws.state.live.build,
        previousCommit: ws.state.live.commit,
        push: {
          state: ws.options.remote === undefined ? 'off' : 'pending',
          error: null,
          attempts: 0,
          triedAt: null,
        },
      },
    };
    ws.state.pending = pending;
    await ws.save();
    ws.progress(change.id, 'building');
    const started = performance.now();
    let steps = 'a kept build';
    try {
      if (change.reuse === undefined) {
        const { timings, pages } = await this.build(change.sheets, ws.buildDir(build), at);
        steps = `${pages} pages; ${Object.entries(timings)
          .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
          .join(', ')} s`;
      }
      // Among several instances: another one may have taken the turn, and would commit as well.
      if (ws.options.coordination?.lost() === true)
        throw new PublishError(
          'Nothing was published yet: the connection to the database through which the instances take turns broke while the site was built. The change is made again in turn.',
        );
    } catch (error) {
      if (pending.newBuild) await removeTree(ws.buildDir(build));
      ws.state.pending = null;
      await ws.save();
      throw error;
    }

    pending.phase = 'committing';
    await ws.save();
    ws.progress(change.id, 'committing');
    let commit: string;
    try {
      await syncSheets(change.sheets, ws.repo.sheetsDir);
      commit = await ws.repo.commitSheets(change.author, at, change.message, pending.change);
    } catch (error) {
      await ws.repo.restoreSheets();
      if (pending.newBuild) await removeTree(ws.buildDir(build));
      ws.state.pending = null;
      await ws.save();
      throw new PublishError(
        `The change could not be recorded in git, so it was not published: ${reason(error)}`,
      );
    }
    ws.progress(change.id, 'committed');
    const done = this.finish(commit);
    await ws.save();
    await purgeChanged(join(ws.buildDir(done.previousBuild), 'site'), ws.liveRoot());
    console.log(
      `Published a ${change.kind} by ${change.author.name} in ${((performance.now() - started) / 1000).toFixed(1)} s (${steps}).`,
    );
    ws.progress(change.id, 'live');
    if (pending.newBuild) this.compressLater(build, done.previousBuild);
    await this.afterSwitch();
    return done;
  }

  /** Makes the pending change live (in memory; the caller saves). */
  finish(commit: string): Change {
    const { state } = this.ws;
    const pending = state.pending;
    if (pending === null) throw new Error('No change is pending.');
    const change: Change = { ...pending.change, commit };
    takeBack(state.changes, change);
    state.changes.push(change);
    state.live = { build: pending.build, commit };
    state.pending = null;
    return change;
  }

  /** After a switch: the symlink for outside servers, old builds removed, the push started. */
  async afterSwitch(): Promise<void> {
    await pointLiveLink(this.ws.dirs.work, this.ws.liveRoot());
    const kept = new Set(this.ws.keptBuilds());
    for (const entry of await readdir(this.ws.dirs.builds))
      if (!kept.has(entry)) await removeTree(join(this.ws.dirs.builds, entry));
    this.switched();
  }

  /**
   * Writes the brotli and gzip copies of a build's text files after it went live (a new
   * project changes every page, and brotli at its best takes a tenth of a second a page):
   * meanwhile the server sends each file as it is. Copies of files the earlier build has
   * unchanged are hard links to its copies. A process of its own does it (run-build.ts), so the
   * thread pools of the service and of the builds stay free.
   */
  compressLater(build: string, earlier: string | null): void {
    const dir = this.ws.buildDir(build);
    this.compressing = this.compressing.then(async () => {
      if (!(await exists(join(dir, 'site')))) return;
      const started = performance.now();
      try {
        const reuse = earlier === null ? undefined : join(this.ws.buildDir(earlier), 'site');
        const { compressed } = await this.compressor.compress(join(dir, 'site'), reuse ?? null);
        await writeFile(join(dir, COMPRESSED), '');
        console.log(
          `Publishing: compressed ${compressed} files anew in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
        );
      } catch (error) {
        console.error(`Publishing: the compressed copies of ${build} could not be written:`, error);
      }
    });
  }

  settled(): Promise<void> {
    return this.compressing;
  }

  warm(): void {
    this.worker.warm();
  }

  async close(): Promise<void> {
    await this.tail;
    await this.compressing;
    this.worker.close();
    this.compressor.close();
  }
}
