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
import { rowCounts } from './history';
import { purgeChanged } from './purge';
import { BuildRefused, BuildWorker } from './run-build';
import type { Author, Change, Pending, RowCount } from './state';
import { takeBack } from './state';
import { differingFiles, exists, linkTree, removeTree } from './tree';
import type { Workspace } from './workspace';
import { newId, PublishError, reason } from './workspace';

/** The file in a build folder that says its compressed copies are all written. */
export const COMPRESSED = 'compressed';

/** How long after a switch the spare of the new live build is started (makeSpare). */
const SPARE_AFTER_MS = 2000;

/** Git's ISO form of a whole-second UTC time (`%cI` of a commit made at +0000). */
const gitIso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** What a change is about to make live; `sheets` is the whole folder, composed in scratch. */
export interface ChangeToApply {
  id: string;
  kind: Change['kind'];
  author: Author;
  message: string;
  files: string[];
  sheets: string;
  /** The change an undo takes back, or the change a restore returns to. */
  rollbackOf?: string;
  /** Changes a restore takes back. */
  takesBack?: string[];
  /** A kept build whose sheets are exactly these, to switch to without building. */
  reuse?: string;
}

/**
 * Makes sheets/ in the checkout hold exactly the files of `from`, each replaced whole; returns
 * whether it made a file the checkout did not have (git must be told of it).
 */
async function syncSheets(from: string, to: string): Promise<boolean> {
  let made = false;
  for (const path of await differingFiles(from, to)) {
    const target = join(to, path);
    if (!(await exists(join(from, path)))) {
      await rm(target, { force: true });
      continue;
    }
    if (!(await exists(target))) made = true;
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.publish-tmp`;
    await cp(join(from, path), temporary);
    await rename(temporary, target);
  }
  return made;
}

/** Points `<workDir>/live` at the live site: a new link renamed over the old one, which is atomic. */
async function pointLiveLink(workDir: string, target: string): Promise<void> {
  const temporary = join(workDir, `live.${process.pid}.tmp`);
  await rm(temporary, { force: true });
  await symlink(target, temporary);
  await rename(temporary, join(workDir, 'live'));
}

/** A copy of a live build's site, all hard links, for the next content build to start from. */
interface Spare {
  /** The build it copies; it is of no use once another is live. */
  base: string;
  /** Holds `site/`. */
  dir: string;
}

export class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * Made after each switch, while no change waits: linking a 10,000-record site's 36,000 files
   * into 17,000 new folders took 0.9 to 4.5 s of a one-cell publish on this machine's disk.
   */
  private spare: Promise<Spare | null> = Promise.resolve(null);
  /** Whether the spare being made is wanted now: it is made without the wait (makeSpare). */
  private spareWanted = false;
  /** Ends that wait, if it has begun. */
  private endSpareWait: () => void = () => undefined;
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

  /**
   * Builds `sheetsDir` into `out` against the live build; a change to go live starts from the spare.
   * `started` is called once the build process has the request.
   */
  async build(
    sheetsDir: string,
    out: string,
    at: Date,
    toGoLive = false,
    started?: () => void,
  ): Promise<ContentBuildResult & { fromSpare: boolean }> {
    const staging = `${out}.tmp`;
    await removeTree(staging);
    const prefilled = toGoLive && (await this.takeSpare(staging));
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
          prefilled,
          bundleCache: join(this.ws.dirs.scratch, 'bundles'),
        },
        `${staging}.options.json`,
        started,
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
    return { ...result, fromSpare: prefilled };
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
        // Counted while the site builds, below: a change stopped while building is undone, so the
        // journal needs them only from `committing` on.
        rows: [],
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
    // The service's thread parses the sheets that changed (0.3 s for a 10,000-row sheet, twice)
    // while the build process reads them too, rather than before it starts.
    let counting: Promise<RowCount[]> | undefined;
    const count = () => {
      counting = rowCounts(ws.liveSheets(), change.sheets, change.files);
      // Awaited below; a build that fails first leaves it unread.
      counting.catch(() => undefined);
      return counting;
    };
    try {
      if (change.reuse === undefined) {
        const { timings, pages, read, threads, fromSpare } = await this.build(
          change.sheets,
          ws.buildDir(build),
          at,
          true,
          count,
        );
        steps = `${pages} pages, ${read} read, on ${threads} ${threads === 1 ? 'thread' : 'threads'}${fromSpare ? ', from a spare of the live build' : ''}; ${Object.entries(
          timings,
        )
          .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
          .join(', ')} s`;
      }
      pending.change.rows = await (counting ?? count());
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
      const untracked = await syncSheets(change.sheets, ws.repo.sheetsDir);
      commit = await ws.repo.commitSheets(change.author, at, change.message, pending.change, { untracked });
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

  /** After a switch: the symlink for outside servers, old builds removed, the push started, a spare made. */
  async afterSwitch(): Promise<void> {
    await pointLiveLink(this.ws.dirs.work, this.ws.liveRoot());
    const kept = new Set(this.ws.keptBuilds());
    for (const entry of await readdir(this.ws.dirs.builds))
      if (!kept.has(entry)) await removeTree(join(this.ws.dirs.builds, entry));
    this.switched();
    this.makeSpare();
  }

  /**
   * Starts a spare of the live build, in the build process, once the new pages have been read
   * for a moment; a spare of another build is thrown away. The first seconds after a switch
   * are when the new pages are first asked for (visitors, and a CDN refilling what the purge
   * emptied), and linking 36,000 files meanwhile slowed them: the new 8 MB table of a
   * 10,000-record site took 0.4 to 0.55 s to arrive instead of 0.15 to 0.2 s. A change that
   * needs the spare sooner does not wait (takeSpare).
   */
  private makeSpare(): void {
    const base = this.ws.state.live.build;
    const dir = join(this.ws.dirs.scratch, 'spare');
    this.spareWanted = false;
    this.spare = this.spare.then(async (earlier) => {
      if (earlier?.base === base) return earlier;
      await removeTree(dir);
      if (!this.spareWanted)
        await new Promise<void>((start) => {
          const timer = setTimeout(start, SPARE_AFTER_MS);
          this.endSpareWait = () => {
            clearTimeout(timer);
            start();
          };
        });
      this.endSpareWait = () => undefined;
      try {
        await this.worker.spare(join(this.ws.buildDir(base), 'site'), join(dir, 'site'));
        return { base, dir };
      } catch (error) {
        console.error(
          `Publishing: no spare of the live build (the next change links its own): ${reason(error)}`,
        );
        await removeTree(dir);
        return null;
      }
    });
  }

  private wantSpare(): void {
    this.spareWanted = true;
    this.endSpareWait();
  }

  /**
   * Moves the spare to `to` when it copies the live build; false when there is none to take. A
   * spare asked for meanwhile is made after, so it never removes the folder being taken.
   */
  private takeSpare(to: string): Promise<boolean> {
    this.wantSpare();
    const taken = this.spare.then(async (spare) => {
      if (spare === null) return false;
      if (spare.base !== this.ws.state.live.build) {
        await removeTree(spare.dir);
        return false;
      }
      await rename(spare.dir, to);
      return true;
    });
    this.spare = taken.then(
      () => null,
      () => null,
    );
    return taken;
  }

  /**
   * Writes the brotli and gzip copies of a build's code (its scripts and styles) after it went
   * live. A content build keeps the live build's code, so its copies are hard links to the
   * earlier build's and only a new release compresses anything (seconds, at brotli's best); the
   * pages and the other files the sheets make are compressed by the server when first asked for
   * (server/static/compress-on-demand.ts). A process of its own does it (run-build.ts), so the
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

  /** Resolves once the builds so far are at rest: their code's copies written, the live build's spare made. */
  async settled(): Promise<void> {
    await this.compressing;
    await this.spare;
  }

  warm(): void {
    this.worker.warm();
  }

  async close(): Promise<void> {
    await this.tail;
    await this.compressing;
    this.wantSpare();
    await this.spare;
    this.worker.close();
    this.compressor.close();
  }
}
