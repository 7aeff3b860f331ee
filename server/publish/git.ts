/**
 * The git side of publishing: each change of sheets/ is one commit in the
 * service's checkout, authored by the staff member who published it, and
 * optionally pushed to CONTENT_GIT_REMOTE. Only sheets/ is ever staged or
 * committed, whatever else the working tree or index holds.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SimpleGit } from 'simple-git';
import { simpleGit } from 'simple-git';
import { z } from 'zod';
import { RowCountSchema } from '../../src/schema/staff-sheets';
import type { Change } from './state';
import { ChangeKindSchema } from './state';

/** The sheets' folder inside the checkout, as git pathspec. */
const SHEETS = 'sheets';

/**
 * The commit message trailers that tie a commit to its change in the publisher's history: its
 * id, and what an instance that did not make it needs to list it as its maker did (its kind,
 * what it took back, the rows it changed).
 */
const TRAILERS = {
  id: 'Publish-Change',
  kind: 'Publish-Kind',
  rollbackOf: 'Publish-Rollback-Of',
  takesBack: 'Publish-Takes-Back',
  rows: 'Publish-Rows',
} as const;

export interface Identity {
  name: string;
  email: string;
}

/** What a commit of the publisher's says of its change, in its trailers. */
export type ChangeTrailers = Pick<Change, 'id' | 'kind' | 'rollbackOf' | 'takesBack' | 'rows'>;

const trailerIn = (message: string, name: string) =>
  new RegExp(`^${name}: (.+)$`, 'm').exec(message)?.[1]?.trim() ?? null;

const changeIdIn = (message: string) => trailerIn(message, TRAILERS.id);

const RowsTrailerSchema = z.array(RowCountSchema);

/**
 * The change a commit's trailers describe; for one without them (made by hand, or before they
 * were written), a publish of uncounted rows.
 */
function changeIn(message: string): Omit<ChangeTrailers, 'id'> {
  const kind = ChangeKindSchema.safeParse(trailerIn(message, TRAILERS.kind));
  const rows = trailerIn(message, TRAILERS.rows);
  const counted = rows === null ? null : RowsTrailerSchema.safeParse(safeJson(rows));
  return {
    kind: kind.success ? kind.data : 'publish',
    rollbackOf: trailerIn(message, TRAILERS.rollbackOf),
    takesBack: trailerIn(message, TRAILERS.takesBack)?.split(' ').filter(Boolean) ?? [],
    rows: counted?.success ? counted.data : [],
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The trailer lines of a change's commit, in the order TRAILERS lists them. */
function trailerLines(change: ChangeTrailers): string {
  return [
    `${TRAILERS.id}: ${change.id}`,
    `${TRAILERS.kind}: ${change.kind}`,
    ...(change.rollbackOf === null ? [] : [`${TRAILERS.rollbackOf}: ${change.rollbackOf}`]),
    ...(change.takesBack.length === 0 ? [] : [`${TRAILERS.takesBack}: ${change.takesBack.join(' ')}`]),
    ...(change.rows.length === 0 ? [] : [`${TRAILERS.rows}: ${JSON.stringify(change.rows)}`]),
  ].join('\n');
}

/** A commit of sheets/ as git has it: what another instance published. */
export interface SheetCommit {
  commit: string;
  /** Its first parent. */
  parent: string;
  author: Identity;
  /** When it was committed (ISO, as the publisher dates its commits). */
  at: string;
  /** The first line of its message. */
  message: string;
  /** The publisher's change id from its trailer; null for a commit made by hand. */
  changeId: string | null;
  /** Paths under sheets/ it added, changed or removed. */
  files: string[];
  /** What its trailers say of its change (changeIn). */
  change: Omit<ChangeTrailers, 'id'>;
}

/** A remote address without its user and password, for messages staff may see. */
export const redactUrl = (url: string) => url.replace(/\/\/[^/@]*@/, '//');

/**
 * What git needs from the service's environment to commit: simple-git refuses to pass
 * variables that run programs (EDITOR, GIT_SSH_COMMAND…), and a commit needs none of them.
 */
function commitEnvironment(): Record<string, string> {
  const names = ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'XDG_CONFIG_HOME'];
  return Object.fromEntries(
    names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name] as string]])),
  );
}

/** The variables that set a commit's author, committer and dates, which simple-git guards by default. */
const IDENTITY_VARIABLES = ['NAME', 'EMAIL', 'DATE'].flatMap((part) => [
  `GIT_AUTHOR_${part}`,
  `GIT_COMMITTER_${part}`,
]);

export class ContentRepo {
  private constructor(
    readonly dir: string,
    private readonly git: SimpleGit,
  ) {}

  /** Opens the checkout at `dir`, or says plainly why it cannot hold the published sheets. */
  static async open(dir: string): Promise<ContentRepo> {
    const git = simpleGit({ baseDir: resolve(dir) });
    const inside = await git.raw(['rev-parse', '--is-inside-work-tree']).catch(() => 'false');
    if (inside.trim() !== 'true')
      throw new Error(
        `${resolve(dir)} is not a git checkout: every publish is a commit of its sheets/ folder. Run \`git init\` there and commit sheets/ first, or turn publishing off (CONTENT_PUBLISH=false).`,
      );
    const head = await git.raw(['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '');
    if (head.trim() === '')
      throw new Error(
        `The git checkout ${resolve(dir)} has no commit yet: commit its sheets/ folder once, and publishing takes it from there.`,
      );
    return new ContentRepo(resolve(dir), git);
  }

  get sheetsDir(): string {
    return resolve(this.dir, SHEETS);
  }

  async head(): Promise<string> {
    return (await this.git.raw(['rev-parse', 'HEAD'])).trim();
  }

  /** The change id in a commit's message trailer, if it has one. */
  async changeIdOf(commit: string): Promise<string | null> {
    return changeIdIn(await this.git.raw(['log', '-1', '--format=%B', commit]));
  }

  /**
   * Commits the working tree's sheets/ as it is (new, changed and deleted files), and nothing
   * else, as `author` at `at` (whole seconds). Hooks are skipped: a developer's pre-commit lint
   * must not stop staff publishing. Returns the commit.
   *
   * `untracked: false` says sheets/ has no file git does not know yet: the commit below takes
   * changed and deleted ones itself, and a one-cell publish skips a git process (0.05 s and more
   * from a service holding a large heap).
   */
  async commitSheets(
    author: Identity,
    at: Date,
    message: string,
    change: ChangeTrailers,
    { untracked = true }: { untracked?: boolean } = {},
  ): Promise<string> {
    if (untracked) await this.git.raw(['add', '--all', '--', SHEETS]);
    const date = `${Math.floor(at.getTime() / 1000)} +0000`;
    await simpleGit({ baseDir: this.dir, allowEnvironment: IDENTITY_VARIABLES })
      .env({
        ...commitEnvironment(),
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_NAME: author.name,
        GIT_COMMITTER_EMAIL: author.email,
        GIT_COMMITTER_DATE: date,
      })
      .raw([
        'commit',
        '--quiet',
        '--no-verify',
        '--allow-empty',
        '--only',
        '--message',
        message,
        '--message',
        trailerLines(change),
        '--',
        SHEETS,
      ]);
    return this.head();
  }

  /** Puts sheets/ in the working tree and index back as HEAD has it: files a failed publish added are removed. */
  async restoreSheets(): Promise<void> {
    await this.git.raw(['reset', '--quiet', 'HEAD', '--', SHEETS]);
    await this.git.raw(['checkout', 'HEAD', '--', SHEETS]);
    await this.git.raw(['clean', '--force', '-d', '--quiet', '--', SHEETS]);
  }

  /** Writes sheets/ as `commit` had it into `target` (a new folder), without touching the checkout. */
  async exportSheets(commit: string, target: string): Promise<void> {
    await mkdir(target, { recursive: true });
    await new Promise<void>((done, fail) => {
      const archive = spawn('git', ['archive', '--format=tar', commit, `${SHEETS}/`], { cwd: this.dir });
      const untar = spawn('tar', ['-x', '--strip-components=1', '-C', target]);
      archive.stdout.pipe(untar.stdin);
      let errors = '';
      archive.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      untar.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      archive.on('error', fail);
      untar.on('error', fail);
      untar.on('close', (code) =>
        code === 0 ? done() : fail(new Error(`Could not read sheets/ at ${commit}: ${errors.trim()}`)),
      );
    });
  }

  /** A file of sheets/ as `commit` had it; null when it had none. */
  async fileAt(commit: string, path: string): Promise<Uint8Array | null> {
    return new Promise((done) => {
      const show = spawn('git', ['cat-file', 'blob', `${commit}:${SHEETS}/${path}`], { cwd: this.dir });
      const chunks: Buffer[] = [];
      show.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      show.on('error', () => done(null));
      show.on('close', (code) => done(code === 0 ? new Uint8Array(Buffer.concat(chunks)) : null));
    });
  }

  /** Pushes `commit` to `branch` of `url`; rejects with git's reason (its address without credentials). */
  async push(url: string, branch: string, commit: string): Promise<void> {
    try {
      await this.git.raw(['push', '--quiet', url, `${commit}:refs/heads/${branch}`]);
    } catch (error) {
      throw new Error(redactUrl(error instanceof Error ? error.message : String(error)).trim());
    }
  }

  /** The commit `branch` of `url` points at, null when it has no such branch; rejects when unreachable. */
  async remoteHead(url: string, branch: string): Promise<string | null> {
    try {
      const line = await this.git.raw(['ls-remote', '--quiet', url, `refs/heads/${branch}`]);
      return line.split(/\s/)[0] || null;
    } catch (error) {
      throw new Error(redactUrl(error instanceof Error ? error.message : String(error)).trim());
    }
  }

  /** Fetches `branch` of `url` into the checkout's objects (its refs untouched); returns its commit. */
  async fetch(url: string, branch: string): Promise<string> {
    try {
      await this.git.raw(['fetch', '--quiet', '--no-tags', url, `refs/heads/${branch}`]);
    } catch (error) {
      throw new Error(redactUrl(error instanceof Error ? error.message : String(error)).trim());
    }
    return (await this.git.raw(['rev-parse', 'FETCH_HEAD^{commit}'])).trim();
  }

  /** How many commits `from` has that `to` lacks. */
  async countBeyond(from: string, to: string): Promise<number> {
    return Number((await this.git.raw(['rev-list', '--count', `${to}..${from}`])).trim());
  }

  /** Moves the checkout forward to `commit`, which must have HEAD in its history. */
  async fastForward(commit: string): Promise<void> {
    await this.git.raw(['merge', '--ff-only', '--quiet', commit]);
  }

  /** The commits after `since` up to `until` that changed sheets/, oldest first, as a publish records them. */
  async sheetCommits(since: string, until: string): Promise<SheetCommit[]> {
    const log = await this.git.raw([
      'log',
      '--reverse',
      '--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%cI%x1f%s%x1f%B',
      `${since}..${until}`,
      '--',
      SHEETS,
    ]);
    const commits: SheetCommit[] = [];
    for (const record of log.split('\x1e').filter((part) => part.trim() !== '')) {
      const [commit = '', parents = '', name = '', email = '', at = '', subject = '', body = ''] =
        record.split('\x1f');
      const parent = parents.split(' ')[0] ?? '';
      const files = await this.git.raw(['diff', '--name-only', '--no-renames', parent, commit, '--', SHEETS]);
      commits.push({
        commit,
        parent,
        author: { name, email },
        at,
        message: subject,
        changeId: changeIdIn(body),
        change: changeIn(body),
        files: files
          .split('\n')
          .filter(Boolean)
          .map((path) => path.slice(SHEETS.length + 1)),
      });
    }
    return commits;
  }

  /** Whether `ancestor` is `commit` or comes before it. */
  async isAncestor(ancestor: string, commit: string): Promise<boolean> {
    return this.git
      .raw(['merge-base', '--is-ancestor', ancestor, commit])
      .then(() => true)
      .catch(() => false);
  }
}
