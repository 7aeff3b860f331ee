/**
 * The publishing engine: staff changes to the sheets become the live site.
 * Each concern is a module of its own:
 *
 * - drafts.ts: uploads kept until published, merged with the live sheets;
 * - picture-library.ts: pictures kept by the service until published or deleted;
 * - merge.ts: the three-way merge of a sheet, by row and cell;
 * - queue.ts: one change at a time, built, committed, switched live;
 * - history.ts: the history, undo of one change, restore of an earlier site;
 * - push.ts and git.ts: the commits of sheets/ and their push;
 * - follow.ts: catching up with what was published elsewhere (CONTENT_GIT_REMOTE);
 * - coordination.ts: instances on one PostgreSQL server taking turns, and hearing of each publish;
 * - queued-changes.ts: their publishes, undos and restores, queued in the database;
 * - recovery.ts: start-up, and a change a crash interrupted.
 *
 * This module ties them together behind the `Publisher` the service uses.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { CellConflict, ConflictChoice, PageChange } from '../../src/schema/staff-sheets';
import type { Draft, DraftFile } from './drafts';
import type { Coordination } from './coordination';
import { singleProcess } from './coordination';
import { Drafts } from './drafts';
import { Follower } from './follow';
import { ContentRepo } from './git';
import type { Plan } from './history';
import { History, rowCounts } from './history';
import { PictureLibrary } from './picture-library';
import { Pusher } from './push';
import { Queue } from './queue';
import type { NewQueuedChange, Outcome, QueuedChange, QueuedChanges } from './queued-changes';
import { adopt, fingerprint, recover } from './recovery';
import type { Author, Change } from './state';
import { AuthorSchema, readState, writeState } from './state';
import { differingFiles, exists, listFiles, removeTree, sameBytes } from './tree';
import type { PublisherOptions } from './workspace';
import { checked, newId, PublishError, reason, Workspace } from './workspace';

/** @public The types of what the staff console passes in and gets back. */
export type { Author, Change, RowCount } from './state';
export type { Draft, DraftFile } from './drafts';
export type { PublisherOptions, PublishPhase } from './workspace';
export { PublishError } from './workspace';

/** A publish or undo that cells both sides changed stop; the live site is untouched. */
export class ConflictError extends PublishError {
  override name = 'ConflictError';
  constructor(
    message: string,
    readonly conflicts: CellConflict[],
  ) {
    super(message);
  }
}

/** A draft's whole site, built beside the live one. @public */
export interface Preview {
  /** The built site of the draft, to serve as it is (server/static/site.ts). */
  root: string;
  pages: PageChange[];
}

/** What the site server reads on each request: the live build, and the kept ones that still answer old files. @public */
export interface SiteRoots {
  live: string;
  /** Newer first: an old page already open may ask for its hashed /assets/ and /media/ files. */
  earlier: string[];
}

export interface Publisher {
  liveRoot(): string;
  siteRoots(): SiteRoots;
  /** A draft of these files over the live sheets; its conflicts are those with the sheets live now. */
  createDraft(files: DraftFile[]): Promise<Draft & { conflicts: CellConflict[] }>;
  draft(draftId: string): Promise<Draft>;
  /** A draft's files as uploaded, with their bases, to carry into a newer draft. */
  draftFiles(draftId: string): Promise<DraftFile[]>;
  discardDraft(draftId: string): Promise<void>;
  preview(draftId: string, choices?: readonly ConflictChoice[]): Promise<Preview>;
  /** Merges the draft with what is live now, and publishes it; open conflicts refuse it (ConflictError). */
  publish(
    draftId: string,
    author: Author,
    message: string,
    details?: { choices?: readonly ConflictChoice[] },
  ): Promise<Change>;
  /** What an undo or restore would change, and what stops it. */
  plan(kind: 'undo' | 'restore', changeId: string): Promise<Plan>;
  undo(changeId: string, author: Author): Promise<Change>;
  restore(changeId: string, author: Author): Promise<Change>;
  history(limit?: number): Promise<Change[]>;
  /** The shared picture library: pictures kept until published or deleted (paths under sheets/images). */
  waitingPictures(): Promise<string[]>;
  addPicture(path: string, bytes: Uint8Array): Promise<void>;
  /** False when no picture of that path is waiting. */
  removePicture(path: string): Promise<boolean>;
  /** Resolves once the builds made so far are at rest: the code's copies written, the spare made (tests, benchmarks). */
  settled(): Promise<void>;
  /** Tries the pushes still owed now, and resolves once that try is over. */
  retryPush(): Promise<void>;
  /** Stops the timers; waits for the change in progress. */
  close(): Promise<void>;
}

const MessageSchema = z
  .string()
  .trim()
  .min(1, 'Say in one line what this change does.')
  .max(200, 'Keep the description to one line of at most 200 characters.')
  .regex(/^[^\p{Cc}]+$/u, 'The description must be one line.');

/** How often drafts older than a day are swept away while the service runs. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/**
 * How often an instance looks for changes queued in the database that nobody runs: those left
 * by instances that stopped while no other one was asked anything since.
 */
const QUEUE_BACKSTOP_MS = 30_000;
/**
 * The instance asked runs its change itself when nobody holds the lock; told of a change queued
 * elsewhere, the others try this much later, in case the one asked stopped meanwhile.
 */
const QUEUED_ELSEWHERE_MS = 1000;
/** Runs of one queued change that may stop their instance before it is given up: it may be what stops them. */
const MAX_ATTEMPTS = 3;

/** The address of a pre-rendered page file (`a/b/index.html` → `/a/b`). */
function pageAddress(file: string): string {
  if (file === '404.html') return '/404';
  return `/${file.replace(/(^|\/)index\.html$/, '')}`;
}

const isPage = (file: string) => file.endsWith('.html');

/** The pages of the built site `root` that differ from those of `live`, by address. */
async function changedPages(live: string, root: string): Promise<PageChange[]> {
  const [before, after] = await Promise.all([listFiles(live), listFiles(root)]);
  const had = new Set(before.filter(isPage));
  const pages: PageChange[] = [];
  for (const file of after.filter(isPage)) {
    if (!had.has(file)) pages.push({ path: pageAddress(file), change: 'added' });
    else if (!(await sameBytes(join(live, file), join(root, file))))
      pages.push({ path: pageAddress(file), change: 'changed' });
    had.delete(file);
  }
  for (const file of had) pages.push({ path: pageAddress(file), change: 'removed' });
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** "pre-rented.csv F3 (rent of SBI Bank · Vatika …), changed by Asha Rao" for each conflict. */
const conflictList = (conflicts: readonly CellConflict[]) =>
  conflicts
    .map((conflict) => {
      const where =
        conflict.letter === null
          ? conflict.label
          : `${conflict.letter}${conflict.row ?? ''} (${conflict.column} of ${conflict.label})`;
      return `${conflict.sheet} ${where}${conflict.by === null ? '' : `, changed by ${conflict.by}`}`;
    })
    .join('; ');

/** An undo or restore about to be made: its id, author, the change it names and a scratch folder for its sheets. */
interface FromEarlier {
  id: string;
  who: Author;
  target: Change;
  sheets: string;
}

class Engine implements Publisher {
  private readonly drafts: Drafts;
  private readonly library: PictureLibrary;
  private readonly queue: Queue;
  private readonly changes: History;
  private readonly pusher: Pusher;
  private readonly follower: Follower;
  private readonly coordination: Coordination;
  private readonly sweeper: NodeJS.Timeout;
  /** The changes queued in the database, when several instances share one. */
  private readonly shared: QueuedChanges | null;
  private backstop: NodeJS.Timeout | undefined;
  /** A run of the database's queue is already waiting in this instance's own queue. */
  private kicked = false;
  private closed = false;

  constructor(private readonly ws: Workspace) {
    this.library = new PictureLibrary(ws);
    this.drafts = new Drafts(ws, this.library);
    this.pusher = new Pusher(ws, (work) => this.coordination.exclusive(work));
    this.queue = new Queue(ws, () => {
      void this.pusher
        .retryInTurn()
        .catch((error: unknown) => console.warn(`Publishing: the push was not tried: ${reason(error)}`));
    });
    this.changes = new History(ws);
    this.follower = new Follower(ws, this.queue);
    this.coordination = ws.options.coordination ?? singleProcess;
    this.shared = this.coordination.changes;
    this.sweeper = setInterval(
      () => void this.drafts.sweep().catch((error: unknown) => console.error(error)),
      SWEEP_EVERY_MS,
    );
    this.sweeper.unref();
  }

  recover(): Promise<void> {
    return recover(this.ws, this.queue, this.drafts);
  }

  /** Serves what was published last on the remote, and from then on what other instances announce. */
  async follow(): Promise<void> {
    // A commit a stop left unpushed (recovery.ts finished its change) goes first: the start
    // compares the checkout with the remote, and refuses one still ahead of it.
    await this.pusher.retryInTurn();
    await this.follower.catchUp('start');
    this.coordination.follow(
      () =>
        void this.queue
          .enqueue(() => this.follower.catchUp('heard'))
          .catch((error: unknown) => console.error('Publishing: catching up with the remote failed:', error)),
    );
    if (this.shared === null) return;
    // Changes left queued, or half run, by instances that stopped, and those queued from now on.
    this.shared.whenQueued(() => setTimeout(() => this.kick(), QUEUED_ELSEWHERE_MS).unref());
    this.kick();
    this.backstop = setInterval(() => void this.recheck(), QUEUE_BACKSTOP_MS);
    this.backstop.unref();
  }

  /**
   * Runs the database's queue here, in turn with this instance's other work, unless another
   * instance holds the lock: that one runs it, and looks again once it lets go.
   */
  private kick(): void {
    const shared = this.shared;
    if (shared === null || this.kicked || this.closed) return;
    this.kicked = true;
    void this.queue
      .enqueue(async () => {
        this.kicked = false;
        if (await this.coordination.whenFree(() => this.drain(shared))) await this.recheck();
      })
      .catch((error: unknown) => console.error('Publishing: running the queued changes failed:', error));
  }

  /** After letting go of the lock: a change queued meanwhile found it taken, and is run now. */
  private async recheck(): Promise<void> {
    try {
      if (this.shared !== null && (await this.shared.waiting())) this.kick();
    } catch (error) {
      console.warn(`Publishing: cannot read the queued changes: ${reason(error)}`);
    }
  }

  /**
   * While holding the lock: runs the database's queued changes, oldest first, until none is left,
   * or this instance is stopping (the next one to hold the lock goes on).
   */
  private async drain(shared: QueuedChanges): Promise<void> {
    for (let row = await shared.next(); row !== null && !this.closed; row = await shared.next()) {
      const outcome = await this.runQueued(shared, row);
      // Its turn lost, this instance leaves the row to the next holder of the lock, who knows more.
      if (this.coordination.lost()) return;
      await shared.finish(row.id, outcome);
    }
  }

  /**
   * Runs a queued change, or finishes one whose runner stopped: holding the lock, a row still
   * running was left by an instance that is gone. When its commit reached the remote it is done;
   * otherwise it is run again.
   */
  private async runQueued(shared: QueuedChanges, row: QueuedChange): Promise<Outcome> {
    const runBy = shared.instance;
    try {
      await this.follower.catchUp('change');
      const landed =
        row.state === 'running' ? this.ws.state.changes.find((change) => change.id === row.id) : undefined;
      if (landed !== undefined) return { change: landed, runBy: null };
      if (row.attempts >= MAX_ATTEMPTS)
        throw new PublishError(
          `Nothing was published: the instances that made this change stopped ${row.attempts} times before it went live. Publish it again, or ask a developer to look at the service's log.`,
        );
      await shared.start(row.id);
      return { change: await this.sharingLive(() => this.make(row)), runBy };
    } catch (error) {
      if (error instanceof ConflictError) return { error: error.message, conflicts: error.conflicts, runBy };
      if (error instanceof PublishError) return { error: error.message, conflicts: null, runBy };
      console.error(`Publishing: queued change ${row.id} failed:`, error);
      return { error: `The change could not be made: ${reason(error)}`, conflicts: null, runBy };
    }
  }

  /** Makes a queued change here, from what its row carries. */
  private async make(row: QueuedChange): Promise<Change> {
    if (row.kind !== 'publish') return this.madeFromEarlier(row.kind, row.id, row.author, row.target ?? '');
    if (row.inputs === null || row.message === null)
      throw new PublishError('The files of this change are no longer in the queue: upload them again.');
    // The draft and the pictures as the instance asked had them, in scratch.
    const pictures = join(this.ws.dirs.scratch, `${row.id}-pictures`);
    const library = new PictureLibrary(this.ws, pictures);
    for (const picture of row.inputs.pictures) await library.add(picture.path, picture.bytes);
    const drafts = new Drafts(this.ws, library);
    const { draft } = await drafts.create(row.inputs.files);
    try {
      const change = await this.publishIn(drafts, draft, row.id, row.author, row.message, row.inputs.choices);
      await this.library.settle();
      return change;
    } finally {
      await drafts.discard(draft.id);
      await removeTree(pictures);
    }
  }

  /**
   * Queues a change in the database, where whichever instance holds the lock makes it, and
   * waits for it; then catches up, so that this instance serves and lists it before answering.
   */
  private async throughDatabase(shared: QueuedChanges, change: NewQueuedChange): Promise<Change> {
    await shared.add(change);
    this.kick();
    let runner: string | null = null;
    const outcome = await shared.finished(change.id, (runBy) => {
      // Made here, the change tells its progress itself.
      if (runBy !== null && runBy !== runner && runBy !== shared.instance)
        this.ws.progress(change.id, 'building');
      runner = runBy;
      this.kick();
    });
    if ('error' in outcome)
      throw outcome.conflicts === null
        ? new PublishError(outcome.error)
        : new ConflictError(outcome.error, outcome.conflicts);
    await this.queue
      .enqueue(() => this.follower.catchUp('heard'))
      .catch((error: unknown) => console.error('Publishing: catching up with the remote failed:', error));
    if (outcome.runBy !== shared.instance) this.ws.progress(change.id, 'live');
    return outcome.change;
  }

  /** Runs a change; among several instances, a new live commit is pushed, then announced. */
  private async sharingLive<T>(work: () => Promise<T>): Promise<T> {
    const before = this.ws.state.live.commit;
    try {
      return await work();
    } finally {
      const commit = this.ws.state.live.commit;
      if (this.coordination !== singleProcess && commit !== before) {
        await this.pusher.retry();
        await this.coordination.announce(commit);
      }
    }
  }

  /**
   * Runs a change (or a preview or plan) after those asked before it here, while no other
   * instance runs one, on the sheets published last wherever that was. Among several instances
   * a new live commit is pushed, then announced, before the next one may go.
   */
  private run<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.enqueue(async () => {
      const result = await this.coordination.exclusive(async () => {
        // One instance alone has nothing newer to fetch than what it serves, unless a push failed.
        if (this.coordination !== singleProcess) await this.follower.catchUp('change');
        return this.sharingLive(work);
      });
      await this.recheck();
      return result;
    });
  }

  liveRoot(): string {
    return this.ws.liveRoot();
  }

  siteRoots(): SiteRoots {
    const { ws } = this;
    return {
      live: ws.liveRoot(),
      earlier: ws
        .keptBuilds()
        .filter((build) => build !== ws.state.live.build)
        .map((build) => join(ws.buildDir(build), 'site')),
    };
  }

  async createDraft(files: DraftFile[]) {
    const { draft, conflicts } = await this.drafts.create(files);
    return { ...draft, conflicts: await this.changes.attribute(conflicts) };
  }

  draft(draftId: string): Promise<Draft> {
    return this.drafts.get(draftId);
  }

  async draftFiles(draftId: string): Promise<DraftFile[]> {
    return this.drafts.files(await this.drafts.get(draftId));
  }

  async discardDraft(draftId: string): Promise<void> {
    await this.drafts.discard((await this.drafts.get(draftId)).id);
  }

  /** Runs `work` with a scratch folder of its own, removed after. */
  private async inScratch<T>(name: string, work: (sheets: string) => Promise<T>): Promise<T> {
    const sheets = join(this.ws.dirs.scratch, name);
    try {
      return await work(sheets);
    } finally {
      await removeTree(sheets);
    }
  }

  /** The draft merged with the live sheets, in `sheets`; open conflicts refuse it. */
  private async composed(drafts: Drafts, draft: Draft, sheets: string, choices: readonly ConflictChoice[]) {
    const { files, open } = await drafts.compose(draft, sheets, choices, 'named');
    if (open.length > 0) {
      const conflicts = await this.changes.attribute(open);
      throw new ConflictError(
        `Colleagues changed ${conflicts.length === 1 ? 'a cell' : `${conflicts.length} cells`} you changed too, since your download: ${conflictList(conflicts)}. Choose theirs or yours for each, then publish again.`,
        conflicts,
      );
    }
    return files;
  }

  preview(draftId: string, choices: readonly ConflictChoice[] = []): Promise<Preview> {
    return this.run(async () => {
      const draft = await this.drafts.get(draftId);
      return this.inScratch(`preview-${draft.id}`, async (sheets) => {
        await this.composed(this.drafts, draft, sheets, choices);
        const out = join(this.ws.dirs.previews, draft.id);
        await this.queue.build(sheets, out, new Date(Math.floor(Date.now() / 1000) * 1000));
        const root = join(out, 'site');
        return { root, pages: await changedPages(this.ws.liveRoot(), root) };
      });
    });
  }

  async publish(
    draftId: string,
    author: Author,
    message: string,
    details: { choices?: readonly ConflictChoice[] } = {},
  ) {
    const who = checked(AuthorSchema, author);
    const line = checked(MessageSchema, message);
    const choices = [...(details.choices ?? [])];
    const id = newId('c');
    this.ws.progress(id, 'queued');
    const shared = this.shared;
    if (shared !== null) {
      const draft = await this.drafts.get(draftId);
      const files = await this.drafts.files(draft);
      const pictures = await this.library.namedBy(this.ws.liveSheets(), files);
      const change = await this.throughDatabase(shared, {
        id,
        kind: 'publish',
        author: who,
        message: line,
        target: null,
        inputs: { choices, files, pictures },
      });
      await this.drafts.discard(draft.id);
      await this.library.settle();
      return change;
    }
    return this.run(async () => {
      const draft = await this.drafts.get(draftId);
      const change = await this.publishIn(this.drafts, draft, id, who, line, choices);
      await this.drafts.discard(draft.id);
      await this.library.settle();
      return change;
    });
  }

  /** Publishes a draft (of `drafts`) merged with the live sheets. */
  private publishIn(
    drafts: Drafts,
    draft: Draft,
    id: string,
    who: Author,
    line: string,
    choices: readonly ConflictChoice[],
  ): Promise<Change> {
    return this.inScratch(id, async (sheets) => {
      const files = await this.composed(drafts, draft, sheets, choices);
      if (files.length === 0)
        throw new PublishError('Nothing to publish: these files are the same as the live sheets.');
      return this.queue.apply({ id, kind: 'publish', author: who, message: line, files, sheets });
    });
  }

  plan(kind: 'undo' | 'restore', changeId: string): Promise<Plan> {
    const id = newId('p');
    return this.run(() =>
      this.inScratch(id, async (sheets) => {
        const target = this.changes.find(changeId);
        if (kind === 'restore') {
          const { files, reuse } = await this.changes.restored(target, sheets);
          return {
            files,
            rows: await rowCounts(this.ws.liveSheets(), sheets, files),
            takesBack: structuredClone(this.changes.laterThan(target)),
            blocked: [],
            pages: files.length === 0 ? [] : await this.pagesOf(id, sheets, reuse),
          };
        }
        const { files, blocked } = await this.changes.reverted(target, sheets);
        const rows = await rowCounts(this.ws.liveSheets(), sheets, files);
        if (blocked.length > 0 || files.length === 0)
          return { files, rows, takesBack: [], blocked: await this.changes.attribute(blocked), pages: [] };
        return {
          files,
          rows,
          takesBack: [],
          blocked: [],
          pages: await this.pagesOf(id, sheets, await this.keptBuildOf(target.previousBuild, sheets)),
        };
      }),
    );
  }

  /** `build` when it is kept and was made from exactly these sheets, so that an undo can switch back to it. */
  private async keptBuildOf(build: string, sheets: string): Promise<string | undefined> {
    const kept = join(this.ws.buildDir(build), 'sheets');
    return (await exists(kept)) && (await differingFiles(kept, sheets)).length === 0 ? build : undefined;
  }

  /**
   * The live pages these sheets would change: against the kept build made from them when there is
   * one, or else a build of them made for the question and thrown away.
   */
  private async pagesOf(id: string, sheets: string, kept: string | undefined): Promise<PageChange[]> {
    if (kept !== undefined) return changedPages(this.ws.liveRoot(), join(this.ws.buildDir(kept), 'site'));
    const out = join(this.ws.dirs.previews, id);
    try {
      await this.queue.build(sheets, out, new Date(Math.floor(Date.now() / 1000) * 1000));
      return await changedPages(this.ws.liveRoot(), join(out, 'site'));
    } finally {
      await removeTree(out);
    }
  }

  /** Queues a change made from an earlier one (an undo or restore). */
  private fromEarlier(kind: 'undo' | 'restore', changeId: string, author: Author): Promise<Change> {
    const who = checked(AuthorSchema, author);
    const id = newId('c');
    this.ws.progress(id, 'queued');
    if (this.shared !== null)
      return this.throughDatabase(this.shared, {
        id,
        kind,
        author: who,
        message: null,
        target: changeId,
        inputs: null,
      });
    return this.run(() => this.madeFromEarlier(kind, id, who, changeId));
  }

  /** Makes an undo or restore of the change `changeId` names, with a scratch folder for its sheets. */
  private madeFromEarlier(kind: 'undo' | 'restore', id: string, who: Author, changeId: string) {
    return this.inScratch(id, (sheets) => {
      const change = { id, who, target: this.changes.find(changeId), sheets };
      return kind === 'undo' ? this.undoIn(change) : this.restoreIn(change);
    });
  }

  undo(changeId: string, author: Author): Promise<Change> {
    return this.fromEarlier('undo', changeId, author);
  }

  restore(changeId: string, author: Author): Promise<Change> {
    return this.fromEarlier('restore', changeId, author);
  }

  private async undoIn({ id, who, target, sheets }: FromEarlier): Promise<Change> {
    const { files, blocked } = await this.changes.reverted(target, sheets);
    if (blocked.length > 0) {
      const conflicts = await this.changes.attribute(blocked);
      throw new ConflictError(
        `This change cannot be undone on its own: later changes touched the same cells: ${conflictList(conflicts)}. Undo those first, or restore the site as it was.`,
        conflicts,
      );
    }
    if (files.length === 0)
      throw new PublishError('Nothing to undo: the live sheets no longer hold this change.');
    const reuse = await this.keptBuildOf(target.previousBuild, sheets);
    return this.queue.apply({
      id,
      kind: 'undo',
      author: who,
      message: `Undo: ${target.message}`.slice(0, 200),
      files,
      sheets,
      rollbackOf: target.id,
      ...(reuse === undefined ? {} : { reuse }),
    });
  }

  private async restoreIn({ id, who, target, sheets }: FromEarlier): Promise<Change> {
    const { files, reuse } = await this.changes.restored(target, sheets);
    if (files.length === 0) throw new PublishError('Nothing to restore: the site is as it was then.');
    const at = new Date(target.at).toISOString().slice(0, 16).replace('T', ' ');
    return this.queue.apply({
      id,
      kind: 'restore',
      author: who,
      message: `Restore the site as it was at ${at} UTC (${target.message})`.slice(0, 200),
      files,
      sheets,
      rollbackOf: target.id,
      takesBack: this.changes.laterThan(target).map((change) => change.id),
      ...(reuse === undefined ? {} : { reuse }),
    });
  }

  async history(limit = 10): Promise<Change[]> {
    return this.changes.list(limit);
  }

  waitingPictures(): Promise<string[]> {
    return this.library.list();
  }

  addPicture(path: string, bytes: Uint8Array): Promise<void> {
    return this.library.add(path, bytes);
  }

  removePicture(path: string): Promise<boolean> {
    return this.library.remove(path);
  }

  settled(): Promise<void> {
    return this.queue.settled();
  }

  retryPush(): Promise<void> {
    return this.pusher.retryInTurn();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    clearInterval(this.backstop);
    // The queued change being made is finished and its outcome written while the database is open.
    if (this.shared !== null) await this.queue.enqueue(async () => undefined);
    await this.coordination.close();
    await this.queue.close();
    await this.pusher.close();
    await this.ws.saved();
  }
}

export async function createPublisher(options: PublisherOptions): Promise<Publisher> {
  const repo = await ContentRepo.open(options.repoDir);
  const work = resolve(options.workDir);
  const dirs = {
    work,
    builds: join(work, 'builds'),
    drafts: join(work, 'drafts'),
    previews: join(work, 'previews'),
    scratch: join(work, 'scratch'),
  };
  for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true, mode: 0o700 });
  const stateFile = join(work, 'state.json');
  let state = await readState(stateFile);

  const initial = options.initialSite === undefined ? null : resolve(options.initialSite);
  const print = initial === null ? null : await fingerprint(initial);
  if (state === null) {
    if (initial === null || print === null)
      throw new Error(
        `Publishing has no live site to start from: ${initial ?? 'no initial site was given'} holds no build. Run \`npm run build\` first.`,
      );
    const build = await adopt(dirs.builds, initial, repo.sheetsDir);
    state = {
      version: 1,
      live: { build, commit: await repo.head() },
      adopted: { build, fingerprint: print },
      changes: [],
      pending: null,
    };
    await writeState(stateFile, state);
  }
  const ws = new Workspace(repo, dirs, state, options);
  const engine = new Engine(ws);
  await engine.recover();
  if (
    initial !== null &&
    print !== null &&
    print !== ws.state.adopted.fingerprint &&
    ws.state.pending === null
  ) {
    // A developer built the site again (new code): it becomes live as it is, sheets included.
    const build = await adopt(dirs.builds, initial, repo.sheetsDir);
    ws.state.live = { build, commit: await repo.head() };
    ws.state.adopted = { build, fingerprint: print };
    await writeState(stateFile, ws.state);
    await engine.recover();
  }
  try {
    await engine.follow();
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}
