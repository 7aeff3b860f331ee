/**
 * A throw-away checkout for the publishing tests: the site's code and the valid
 * fixture sheets, committed to a new git repository and built with
 * `npm run build` there, as a developer's checkout would be. Its node_modules
 * is this one's, so the picture cache is shared. Under Vitest the checkout is
 * built once per run and each test file gets a copy (tests/checkout-template.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { formatMoney } from '../../src/data/format';

/** A monthly rent as the pre-rented cards show it (the tests look for it on /preRentedList). */
export const rentShown = (rent: number) => formatMoney(rent, { perMonth: true });

const run = promisify(execFile);

export const CODE = resolve(import.meta.dirname, '../..');
const VALID_SHEETS = join(CODE, 'tests/fixtures/valid');

const COPIED = [
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite.staff.config.ts',
  '.gitignore',
  'src',
  'pipeline',
  'server',
  'public',
];

/** git with a fixed identity, in `dir`. */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, {
    cwd: dir,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Developer',
      GIT_AUTHOR_EMAIL: 'dev@example.com',
      GIT_COMMITTER_NAME: 'Developer',
      GIT_COMMITTER_EMAIL: 'dev@example.com',
    },
  });
  return stdout.trim();
}

function withoutNodeEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return env;
}

/** `npm run build` in `dir`, with SITE_OUT when given (relative to it). */
export async function fullBuild(dir: string, out = 'dist'): Promise<void> {
  await run('npm', ['run', 'build', '--silent'], {
    cwd: dir,
    // Vitest's NODE_ENV=test would make Vite build React's development JSX.
    env: { ...withoutNodeEnv(), SITE_OUT: join(dir, out) },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The environment variable naming the folder the run's one built checkout is made in. */
export const CHECKOUT_TEMPLATE = 'TEST_CHECKOUT_TEMPLATE';

/** A new checkout of this code with the fixture sheets, committed and built: a copy of the run's one. */
export async function builtCheckout(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'publish-checkout-'));
  const shared = process.env[CHECKOUT_TEMPLATE];
  if (shared === undefined) await buildCheckout(dir);
  else await cp(await template(shared), dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

async function buildCheckout(dir: string): Promise<void> {
  for (const name of COPIED)
    await cp(join(CODE, name), join(dir, name), {
      recursive: true,
      filter: (source) => !/[\\/](generated|media)$/.test(source),
    });
  await symlink(join(CODE, 'node_modules'), join(dir, 'node_modules'));
  await commitSheets(dir, VALID_SHEETS, 'The site with the fixture sheets');
  await fullBuild(dir);
}

/**
 * The checkout built in `folder`: the first test file to ask builds it (making the folder
 * `building` is the claim only one can win), the others wait for it to say `done` or `failed`.
 */
async function template(folder: string): Promise<string> {
  // Named as the copies are (mkdtemp's publish-checkout-…): Rolldown orders a chunk's modules by
  // their real paths, the checkout's src/ and this checkout's node_modules (the link's target)
  // among them, and a template at /tmp/checkout-… built React's chunk in another order than its
  // copies at /tmp/publish-checkout-… when this checkout was /tmp/ci-clone.
  const built = `${folder}-checkout`;
  const [done, failed] = [join(folder, 'done'), join(folder, 'failed')];
  const claimed = await mkdir(join(folder, 'building')).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return false;
      throw error;
    },
  );
  if (claimed) {
    try {
      await mkdir(built);
      await buildCheckout(built);
      await writeFile(done, '');
    } catch (error) {
      await writeFile(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
  }
  for (;;) {
    if (existsSync(done)) return built;
    if (existsSync(failed))
      throw new Error(
        `The checkout the publishing tests copy did not build:\n${await readFile(failed, 'utf8')}`,
      );
    await sleep(500);
  }
}

/** Copies `sheets` into `dir` as its sheets/ folder and commits everything there to a new repository. */
async function commitSheets(dir: string, sheets: string, message: string): Promise<void> {
  await cp(sheets, join(dir, 'sheets'), { recursive: true });
  await git(dir, 'init', '--quiet', '--initial-branch=main');
  await git(dir, 'add', '--all');
  await git(dir, 'commit', '--quiet', '--message', message);
}

/**
 * A git repository in `dir` (new or empty) holding only a copy of this checkout's sheets/,
 * committed: what a service started over the built site publishes to (CONTENT_REPO_DIR),
 * so its publishes never write this checkout's history. The code comes from this checkout.
 */
export const sheetsCheckout = (dir: string) =>
  commitSheets(dir, join(CODE, 'sheets'), 'The sheets the built site was made from');

export const removeCheckout = (dir: string) => rm(dir, { recursive: true, force: true });

/** A sheet's text with the first match of `from` replaced. */
export async function editedSheet(
  dir: string,
  file: string,
  from: string | RegExp,
  to: string,
): Promise<Uint8Array> {
  const text = await readFile(join(dir, file), 'utf8');
  if (!text.match(from)) throw new Error(`${file} holds no ${String(from)}`);
  return new TextEncoder().encode(text.replace(from, to));
}

/** Every file under `dir` with the hash of its bytes: two sites are the same when these are equal. */
export async function siteDigest(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const digest: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(entry.parentPath, entry.name);
    digest[file.slice(dir.length + 1)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return Object.fromEntries(Object.entries(digest).sort(([a], [b]) => a.localeCompare(b)));
}
