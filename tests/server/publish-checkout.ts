/**
 * A throw-away checkout for the publishing tests: the site's code and the valid
 * fixture sheets, committed to a new git repository and built with
 * `npm run build` there, as a developer's checkout would be. Its node_modules
 * is this one's, so the picture cache is shared.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CODE = resolve(import.meta.dirname, '../..');
export const VALID_SHEETS = join(CODE, 'tests/fixtures/valid');

const COPIED = ['package.json', 'tsconfig.json', 'vite.config.ts', '.gitignore', 'src', 'pipeline', 'public'];

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

/** `npm run build` in `dir`, with SITE_OUT when given (relative to it). */
export async function fullBuild(dir: string, out = 'dist'): Promise<void> {
  await run('npm', ['run', 'build', '--silent'], {
    cwd: dir,
    env: { ...process.env, SITE_OUT: join(dir, out) },
    maxBuffer: 64 * 1024 * 1024,
  });
}

export async function builtCheckout(sheets = VALID_SHEETS): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'publish-checkout-'));
  for (const name of COPIED)
    await cp(join(CODE, name), join(dir, name), {
      recursive: true,
      filter: (source) => !/[\\/](generated|media)$/.test(source),
    });
  await symlink(join(CODE, 'node_modules'), join(dir, 'node_modules'));
  await cp(sheets, join(dir, 'sheets'), { recursive: true });
  await git(dir, 'init', '--quiet', '--initial-branch=main');
  await git(dir, 'add', '--all');
  await git(dir, 'commit', '--quiet', '--message', 'The site with the fixture sheets');
  await fullBuild(dir);
  return dir;
}

export const removeCheckout = (dir: string) => rm(dir, { recursive: true, force: true });

/** A sheet's text with one cell's text replaced (the first occurrence). */
export async function editedSheet(dir: string, file: string, from: string, to: string): Promise<Uint8Array> {
  const text = await readFile(join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${file} holds no "${from}"`);
  return new TextEncoder().encode(text.replace(from, to));
}

export { writeFile };
