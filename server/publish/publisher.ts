/**
 * The publishing engine: staff changes to the sheets become the live site.
 *
 * - A draft is a full copy of the live sheets with some files replaced.
 * - Publishing builds the whole site from it in a child process (a content
 *   build: server/publish/content-build.ts), commits sheets/ in the checkout
 *   as the staff member, then switches the live build: one rename of the
 *   state file. Until then the old build is served, whole; the folder a
 *   request is served from is chosen once per request.
 * - Publishes and roll backs run one at a time, in the order asked.
 * - The last builds are kept, so a roll back is a switch; a build no longer
 *   kept is made again from the sheets in git.
 * - The state file's journal says how far a publish got: after a crash, the
 *   next start finishes it (the commit exists) or undoes it (sheets/ back as
 *   committed), so the live site and sheets/ always match.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, posix, resolve } from 'node:path';
import { z } from 'zod';
import { compressSite } from '../../pipeline/compress';
import { DEFAULT_CACHE_DIR } from '../../pipeline/images/build-images';
import { ContentRepo, redactUrl } from './git';
import type { ContentBuildResult } from './content-build';
import { purgeChanged } from './purge';
import { BuildRefused, BuildWorker } from './run-build';
import type { Author, Change, Pending, PublisherState, RowCount } from './state';
import { AuthorSchema, readState, writeState } from './state';
import { RowCountSchema } from '../../src/schema/staff-sheets';
import { copyTree, differingFiles, linkTree, listFiles, removeTree, sameBytes } from './tree';

/** @public The types of what the staff console passes in and gets back. */
export type { Author, Change, RowCount } from './state';

/** A publish or roll back that did not happen, with the reason in plain words; the live site is untouched. */
export class PublishError extends Error {
  override name = 'PublishError';
}

/** Files a staff member uploaded, over a copy of the live sheets. @public */
export interface Draft {
  id: string;
  /** The draft's sheets: a whole folder, as `loadSite({ sheetsDir })` reads it. */
  sheetsDir: string;
  /** The commit whose sheets were live when the draft was made. */
  baseCommit: string;
  /** The files it replaces or adds, relative to sheets/. */
  files: string[];
  createdAt: string;
}

/** A page a draft adds, changes or removes. @public */
export interface PreviewPage {
  /** The page's address, decoded (`/preRentedList/SBI Bank`); the not-found page is `/404`. */
  path: string;
  change: 'added' | 'changed' | 'removed';
}

/** A draft's whole site, built beside the live one. @public */
export interface Preview {
  /** The built site of the draft, to serve as it is (server/static/site.ts). */
  root: string;
  pages: PreviewPage[];
}

/** What the site server reads on each request: the live build, and the kept ones that still answer old files. @public */
export interface SiteRoots {
  live: string;
  /** Newer first: an old page already open may ask for its hashed /assets/ and /media/ files. */
  earlier: string[];
}

export type PublishPhase = 'queued' | 'building' | 'committing' | 'committed' | 'live';

export interface PublisherOptions {
  /** The service's git checkout; its sheets/ folder is what is live. */
  repoDir: string;
  /** Drafts, builds and the state file (`<DATA_DIR>/publish`). */
  workDir: string;
  /** Pushes every commit to this branch of this repository. */
  remote?: { url: string; branch: string };
  /** `npm run build`'s output (and `${initialSite}-ssr`), adopted as the live build when it is new. */
  initialSite?: string;
  /** Called as a publish or roll back moves on (for a progress display). */
  onProgress?: (changeId: string, phase: PublishPhase) => void;
  /** First wait before a failed push is tried again; it doubles up to ten minutes. */
  pushRetryMs?: number;
}

export interface Publisher {
  liveRoot(): string;
  siteRoots(): SiteRoots;
  createDraft(files: { path: string; bytes: Uint8Array }[]): Promise<Draft>;
  draft(draftId: string): Promise<Draft>;
  discardDraft(draftId: string): Promise<void>;
  preview(draftId: string): Promise<Preview>;
  publish(draftId: string, author: Author, message: string, details?: { rows?: RowCount[] }): Promise<Change>;
  rollback(changeId: string, author: Author): Promise<Change>;
  history(limit?: number): Promise<Change[]>;
  /** Resolves once the compressed copies of every build made so far are written (tests, benchmarks). */
  settled(): Promise<void>;
  /** Tries the pushes still owed now, and resolves once that try is over. */
  retryPush(): Promise<void>;
  /** Stops the push timer; waits for the publish in progress. */
  close(): Promise<void>;
}

/** Builds kept: the live one and those the last ten changes return to on a roll back. */
const ROLLBACK_WINDOW = 10;
const MAX_PUSH_WAIT_MS = 10 * 60 * 1000;
/** The file in a build folder that says its compressed copies are all written. */
const COMPRESSED = 'compressed';
/** Drafts nobody published are removed after this long. */
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const MessageSchema = z
  .string()
  .trim()
  .min(1, 'Say in one line what this change does.')
  .max(200, 'Keep the description to one line of at most 200 characters.')
  .regex(/^[^\p{Cc}]+$/u, 'The description must be one line.');

const DraftFileSchema = z.object({
  id: z.string(),
  sheetsDir: z.string(),
  baseCommit: z.string(),
  files: z.array(z.string()),
  createdAt: z.string(),
});

const newId = (prefix: string) =>
  `${prefix}${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;

/** Git's ISO form of a whole-second UTC time (`%cI` of a commit made at +0000). */
const gitIso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+00:00');

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PublishError(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

/** A draft file's path under sheets/, or a reason it cannot be one. */
function sheetPath(path: string): string {
  const normal = posix.normalize(path);
  if (
    path === '' ||
    path !== normal ||
    normal.startsWith('/') ||
    normal.startsWith('../') ||
    normal === '..' ||
    /[\\\0]/.test(path) ||
    normal.split('/').some((part) => part.startsWith('.'))
  )
    throw new PublishError(`"${path}" is not a file name inside the sheets folder.`);
  return normal;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The address of a pre-rendered page file (`a/b/index.html` → `/a/b`). */
function pageAddress(file: string): string {
  if (file === '404.html') return '/404';
  return `/${file.replace(/(^|\/)index\.html$/, '')}`;
}

const isPage = (file: string) => file.endsWith('.html');

/**
 * What identifies a developer build: its client manifest, server entry, and when its pages were
 * written (a build from sheets edited by hand has the same bundles, and must still go live).
 */
async function fingerprint(site: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    hash.update(await readFile(join(site, '.vite/manifest.json')));
    hash.update(await readFile(`${site}-ssr/entry-server.js`));
    hash.update(String((await stat(join(site, '404.html'))).mtimeMs));
  } catch {
    return null;
  }
  return hash.digest('hex');
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

class Engine implements Publisher {
  private tail: Promise<unknown> = Promise.resolve();
  private saving: Promise<void> = Promise.resolve();
  private pushing: Promise<void> = Promise.resolve();
  private pushTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private compressing: Promise<void> = Promise.resolve();
  private readonly worker = new BuildWorker();

  constructor(
    private readonly repo: ContentRepo,
    private readonly dirs: {
      work: string;
      builds: string;
      drafts: string;
      previews: string;
      scratch: string;
    },
    private state: PublisherState,
    private readonly options: PublisherOptions,
  ) {}

  private get stateFile() {
    return join(this.dirs.work, 'state.json');
  }

  private buildDir(build: string) {
    return join(this.dirs.builds, build);
  }

  /** Persists the state as it is now; writes happen one after another, each of the whole state. */
  private save(): Promise<void> {
    const snapshot = structuredClone(this.state);
    this.saving = this.saving.then(() => writeState(this.stateFile, snapshot));
    return this.saving;
  }

  /** Runs `work` after every publish, roll back and preview asked before it. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private progress(changeId: string, phase: PublishPhase) {
    this.options.onProgress?.(changeId, phase);
  }

  liveRoot(): string {
    return join(this.buildDir(this.state.live.build), 'site');
  }

  /** The sheets the live build was made from; the same as sheets/ in the checkout, but never half written. */
  private liveSheets(): string {
    return join(this.buildDir(this.state.live.build), 'sheets');
  }

  siteRoots(): SiteRoots {
    return {
      live: this.liveRoot(),
      earlier: this.keptBuilds()
        .filter((build) => build !== this.state.live.build)
        .map((build) => join(this.buildDir(build), 'site')),
    };
  }

  /** Builds kept, newer first: the live one, and those the last changes made or replaced. */
  private keptBuilds(): string[] {
    const recent = this.state.changes.slice(-(ROLLBACK_WINDOW + 1)).reverse();
    const builds = [
      this.state.live.build,
      ...recent.flatMap((change) => [change.build, change.previousBuild]),
    ];
    if (this.state.pending !== null) builds.push(this.state.pending.build);
    return [...new Set(builds)];
  }

  async createDraft(files: { path: string; bytes: Uint8Array }[]): Promise<Draft> {
    if (files.length === 0) throw new PublishError('A draft needs at least one file.');
    const paths = files.map((file) => sheetPath(file.path));
    const id = newId('d');
    const dir = join(this.dirs.drafts, id);
    const sheetsDir = join(dir, 'sheets');
    await copyTree(this.liveSheets(), sheetsDir);
    for (const [i, file] of files.entries()) {
      const target = join(sheetsDir, paths[i] as string);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.bytes);
    }
    const draft: Draft = {
      id,
      sheetsDir,
      baseCommit: this.state.live.commit,
      files: [...new Set(paths)].sort(),
      createdAt: new Date().toISOString(),
    };
    await writeFile(join(dir, 'draft.json'), JSON.stringify(draft));
    return draft;
  }

  async draft(draftId: string): Promise<Draft> {
    if (!/^d[\w-]+$/.test(draftId)) throw new PublishError('There is no such draft.');
    const text = await readFile(join(this.dirs.drafts, draftId, 'draft.json'), 'utf8').catch(() => null);
    if (text === null) throw new PublishError('This draft no longer exists: upload the files again.');
    return DraftFileSchema.parse(JSON.parse(text));
  }

  async discardDraft(draftId: string): Promise<void> {
    const draft = await this.draft(draftId);
    await removeTree(join(this.dirs.drafts, draft.id));
    await removeTree(join(this.dirs.previews, draft.id));
  }

  /**
   * The sheets a draft makes live now: the live sheets with the draft's files laid over them.
   * A draft made before someone else published keeps that publish's other files.
   */
  private async compose(draft: Draft, target: string): Promise<string[]> {
    await removeTree(target);
    await copyTree(this.liveSheets(), target);
    for (const path of draft.files) await cp(join(draft.sheetsDir, path), join(target, path));
    return differingFiles(this.liveSheets(), target);
  }

  private async build(sheetsDir: string, out: string, at: Date): Promise<ContentBuildResult> {
    const staging = `${out}.tmp`;
    await removeTree(staging);
    let result: ContentBuildResult;
    try {
      result = await this.worker.build(
        {
          sheetsDir,
          base: this.buildDir(this.state.live.build),
          out: staging,
          committedSheetsDir: this.repo.sheetsDir,
          at: gitIso(at),
          cacheDir: DEFAULT_CACHE_DIR,
        },
        `${staging}.options.json`,
      );
    } catch (error) {
      if (error instanceof BuildRefused)
        throw new PublishError(`The site could not be built from these sheets:\n${error.message}`);
      throw new PublishError(
        `The site could not be built: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      await rm(`${staging}.options.json`, { force: true });
    }
    // The build keeps the sheets it was made from: drafts start from them, and a roll back restores them.
    await linkTree(sheetsDir, join(staging, 'sheets'));
    await removeTree(out);
    await rename(staging, out);
    return result;
  }

  preview(draftId: string): Promise<Preview> {
    return this.enqueue(async () => {
      const draft = await this.draft(draftId);
      const sheets = join(this.dirs.scratch, `preview-${draft.id}`);
      try {
        await this.compose(draft, sheets);
        const out = join(this.dirs.previews, draft.id);
        await this.build(sheets, out, new Date(Math.floor(Date.now() / 1000) * 1000));
        const root = join(out, 'site');
        const live = this.liveRoot();
        const [before, after] = await Promise.all([listFiles(live), listFiles(root)]);
        const had = new Set(before.filter(isPage));
        const pages: PreviewPage[] = [];
        for (const file of after.filter(isPage)) {
          if (!had.has(file)) pages.push({ path: pageAddress(file), change: 'added' });
          else if (!(await sameBytes(join(live, file), join(root, file))))
            pages.push({ path: pageAddress(file), change: 'changed' });
          had.delete(file);
        }
        for (const file of had) pages.push({ path: pageAddress(file), change: 'removed' });
        return { root, pages: pages.sort((a, b) => a.path.localeCompare(b.path)) };
      } finally {
        await removeTree(sheets);
      }
    });
  }

  async publish(draftId: string, author: Author, message: string, details: { rows?: RowCount[] } = {}) {
    const who = checked(AuthorSchema, author);
    const line = checked(MessageSchema, message);
    const rows = checked(z.array(RowCountSchema), details.rows ?? []);
    const id = newId('c');
    this.progress(id, 'queued');
    return this.enqueue(async () => {
      const draft = await this.draft(draftId);
      const sheets = join(this.dirs.scratch, id);
      try {
        const files = await this.compose(draft, sheets);
        if (files.length === 0)
          throw new PublishError('Nothing to publish: these files are the same as the live sheets.');
        const change = await this.apply({
          id,
          kind: 'publish',
          author: who,
          message: line,
          files,
          rows,
          sheets,
        });
        await removeTree(join(this.dirs.drafts, draft.id));
        await removeTree(join(this.dirs.previews, draft.id));
        return change;
      } finally {
        await removeTree(sheets);
      }
    });
  }

  async rollback(changeId: string, author: Author): Promise<Change> {
    const who = checked(AuthorSchema, author);
    const id = newId('c');
    this.progress(id, 'queued');
    return this.enqueue(async () => {
      const recent = this.state.changes.slice(-ROLLBACK_WINDOW);
      const target = recent.find((change) => change.id === changeId);
      if (target === undefined)
        throw new PublishError(
          this.state.changes.some((change) => change.id === changeId)
            ? `Only the last ${ROLLBACK_WINDOW} changes can be rolled back.`
            : 'There is no such change in the history.',
        );
      const sheets = join(this.dirs.scratch, id);
      try {
        await removeTree(sheets);
        const kept = await exists(join(this.buildDir(target.previousBuild), 'sheets'));
        if (kept) await copyTree(join(this.buildDir(target.previousBuild), 'sheets'), sheets);
        else await this.repo.exportSheets(target.previousCommit, sheets);
        const files = await differingFiles(this.liveSheets(), sheets);
        return await this.apply({
          id,
          kind: 'rollback',
          author: who,
          message: `Roll back: ${target.message}`.slice(0, 200),
          files,
          rows: [],
          sheets,
          rollbackOf: target.id,
          reuse: kept ? target.previousBuild : undefined,
        });
      } finally {
        await removeTree(sheets);
      }
    });
  }

  /** Builds (or reuses a kept build), commits sheets/ and switches: the steps the journal guards. */
  private async apply(change: {
    id: string;
    kind: 'publish' | 'rollback';
    author: Author;
    message: string;
    files: string[];
    rows: RowCount[];
    sheets: string;
    rollbackOf?: string;
    reuse?: string;
  }): Promise<Change> {
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
        rolledBackBy: null,
        build,
        previousBuild: this.state.live.build,
        previousCommit: this.state.live.commit,
        push: {
          state: this.options.remote === undefined ? 'off' : 'pending',
          error: null,
          attempts: 0,
          triedAt: null,
        },
      },
    };
    this.state.pending = pending;
    await this.save();
    this.progress(change.id, 'building');
    const started = performance.now();
    let steps = 'a kept build';
    try {
      if (change.reuse === undefined) {
        const { timings, pages } = await this.build(change.sheets, this.buildDir(build), at);
        steps = `${pages} pages; ${Object.entries(timings)
          .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
          .join(', ')} s`;
      }
    } catch (error) {
      this.state.pending = null;
      await this.save();
      throw error;
    }

    pending.phase = 'committing';
    await this.save();
    this.progress(change.id, 'committing');
    let commit: string;
    try {
      await syncSheets(change.sheets, this.repo.sheetsDir);
      commit = await this.repo.commitSheets(change.author, at, change.message, change.id);
    } catch (error) {
      await this.repo.restoreSheets();
      if (pending.newBuild) await removeTree(this.buildDir(build));
      this.state.pending = null;
      await this.save();
      throw new PublishError(
        `The change could not be recorded in git, so it was not published: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.progress(change.id, 'committed');
    const done = this.finish(commit);
    await this.save();
    await purgeChanged(join(this.buildDir(done.previousBuild), 'site'), this.liveRoot());
    console.log(
      `Published ${change.kind === 'rollback' ? 'a roll back' : 'a change'} by ${change.author.name} in ${((performance.now() - started) / 1000).toFixed(1)} s (${steps}).`,
    );
    this.progress(change.id, 'live');
    if (pending.newBuild) this.compressLater(build, done.previousBuild);
    await this.afterSwitch();
    return done;
  }

  /** Makes the pending change live (in memory; the caller saves). */
  private finish(commit: string): Change {
    const pending = this.state.pending;
    if (pending === null) throw new Error('No change is pending.');
    const change: Change = { ...pending.change, commit };
    if (change.rollbackOf !== null) {
      const undone = this.state.changes.find((earlier) => earlier.id === change.rollbackOf);
      if (undone !== undefined) undone.rolledBackBy = change.id;
    }
    this.state.changes.push(change);
    this.state.live = { build: pending.build, commit };
    this.state.pending = null;
    return change;
  }

  /** After a switch: the symlink for outside servers, old builds removed, the push started. */
  private async afterSwitch(): Promise<void> {
    await pointLiveLink(this.dirs.work, this.liveRoot());
    const kept = new Set(this.keptBuilds());
    for (const entry of await readdir(this.dirs.builds))
      if (!kept.has(entry)) await removeTree(join(this.dirs.builds, entry));
    if (this.options.remote !== undefined) void this.retryPush();
  }

  /**
   * Writes the brotli and gzip copies of a build's text files after it went live (a new
   * project changes every page, and brotli at its best takes a tenth of a second a page):
   * meanwhile the server sends each file as it is. Copies of files the earlier build has
   * unchanged are hard links to its copies.
   */
  private compressLater(build: string, earlier: string | null): void {
    const dir = this.buildDir(build);
    this.compressing = this.compressing.then(async () => {
      if (!(await exists(join(dir, 'site')))) return;
      const started = performance.now();
      try {
        const reuse = earlier === null ? undefined : join(this.buildDir(earlier), 'site');
        const { compressed } = await compressSite(join(dir, 'site'), reuse);
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

  async history(limit = ROLLBACK_WINDOW): Promise<Change[]> {
    return structuredClone(this.state.changes.slice(-limit).reverse());
  }

  retryPush(): Promise<void> {
    clearTimeout(this.pushTimer);
    // One push at a time; a call made during one gets a try of its own after it, with any newer commit.
    const attempt = this.pushing.then(() => this.pushOnce());
    this.pushing = attempt.catch(() => undefined);
    return attempt;
  }

  /** Pushes the newest commit still owed (it carries the earlier ones); on failure, tries again later. */
  private async pushOnce(): Promise<void> {
    const remote = this.options.remote;
    if (remote === undefined) return;
    const owed = this.state.changes.filter(
      (change) => change.push.state === 'pending' || change.push.state === 'failed',
    );
    const newest = owed.at(-1);
    if (newest === undefined) return;
    const triedAt = new Date().toISOString();
    try {
      await this.repo.push(remote.url, remote.branch, newest.commit);
      for (const change of owed)
        if (change === newest || (await this.repo.isAncestor(change.commit, newest.commit)))
          change.push = { state: 'pushed', error: null, attempts: change.push.attempts + 1, triedAt };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      for (const change of owed)
        change.push = { state: 'failed', error: reason, attempts: change.push.attempts + 1, triedAt };
      console.warn(
        `Publishing: pushing ${newest.commit.slice(0, 8)} to ${redactUrl(remote.url)} failed, will retry: ${reason}`,
      );
    }
    await this.save();
    const failed = this.state.changes.filter((change) => change.push.state === 'failed');
    if (failed.length > 0 && !this.closed) {
      const attempts = Math.max(...failed.map((change) => change.push.attempts));
      const wait = Math.min(MAX_PUSH_WAIT_MS, (this.options.pushRetryMs ?? 30_000) * 2 ** (attempts - 1));
      this.pushTimer = setTimeout(() => void this.retryPush(), wait);
      this.pushTimer.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pushTimer);
    await this.tail;
    this.worker.close();
    await this.compressing;
    await this.pushing;
    await this.saving;
  }

  /** After a crash mid-publish: finish the change if its commit exists, else put sheets/ back. */
  async recover(): Promise<void> {
    const pending = this.state.pending;
    if (pending !== null) {
      await rm(join(this.repo.dir, '.git/index.lock'), { force: true });
      const head = await this.repo.head();
      const committed =
        pending.phase === 'committing' &&
        (await this.repo.changeIdOf(head)) === pending.changeId &&
        (await exists(join(this.buildDir(pending.build), 'site')));
      if (committed) {
        this.finish(head);
        console.warn(
          `Publishing: finished change ${pending.changeId}, which a stop interrupted after its commit.`,
        );
      } else {
        await this.repo.restoreSheets();
        if (pending.newBuild) await removeTree(this.buildDir(pending.build));
        this.state.pending = null;
        console.warn(
          `Publishing: undid change ${pending.changeId}, which a stop interrupted before its commit.`,
        );
      }
      await this.save();
    }
    for (const entry of await readdir(this.dirs.builds))
      if (entry.endsWith('.tmp') || entry.endsWith('.options.json'))
        await removeTree(join(this.dirs.builds, entry));
    await removeTree(this.dirs.scratch);
    await mkdir(this.dirs.scratch, { recursive: true });
    const now = Date.now();
    for (const entry of await readdir(this.dirs.drafts)) {
      const draft = await this.draft(entry).catch(() => null);
      if (draft === null || now - Date.parse(draft.createdAt) > DRAFT_LIFETIME_MS) {
        await removeTree(join(this.dirs.drafts, entry));
        await removeTree(join(this.dirs.previews, entry));
      }
    }
    await this.afterSwitch();
    for (const build of this.keptBuilds())
      if (!(await exists(join(this.buildDir(build), COMPRESSED)))) this.compressLater(build, null);
    this.worker.warm();
  }
}

/** Points `<workDir>/live` at the live site: a new link renamed over the old one, which is atomic. */
async function pointLiveLink(workDir: string, target: string): Promise<void> {
  const temporary = join(workDir, `live.${process.pid}.tmp`);
  await rm(temporary, { force: true });
  await symlink(target, temporary);
  await rename(temporary, join(workDir, 'live'));
}

/** Copies a developer's build (`dist/` and `dist-ssr/`) in as a build of the publisher's. */
async function adopt(builds: string, site: string, sheetsDir: string): Promise<string> {
  const build = newId('b');
  const staging = join(builds, `${build}.tmp`);
  await removeTree(staging);
  await linkTree(site, join(staging, 'site'));
  await linkTree(`${site}-ssr`, join(staging, 'site-ssr'), (path) => path.startsWith('media/'));
  await copyTree(sheetsDir, join(staging, 'sheets'));
  await writeFile(join(staging, COMPRESSED), '');
  await rename(staging, join(builds, build));
  return build;
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
  const engine = new Engine(repo, dirs, state, options);
  await engine.recover();
  if (initial !== null && print !== null && print !== state.adopted.fingerprint && state.pending === null) {
    // A developer built the site again (new code): it becomes live as it is, sheets included.
    const build = await adopt(dirs.builds, initial, repo.sheetsDir);
    state.live = { build, commit: await repo.head() };
    state.adopted = { build, fingerprint: print };
    await writeState(stateFile, state);
    await engine.recover();
  }
  return engine;
}
