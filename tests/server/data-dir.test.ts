/**
 * DATA_DIR and everything in it are readable by the service's user only: the
 * service started as the README says (`npm run serve`) mends a folder left
 * open and creates nothing open, and refuses to start, saying how to fix it,
 * when it cannot close the folder.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { chmod, link, lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerOnly } from '../../server/db/data-dir';

vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof fs>();
  return { ...actual, chmod: vi.fn(actual.chmod) };
});

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function scratch() {
  const folder = await mkdtemp(join(tmpdir(), 'data-dir-'));
  folders.push(folder);
  return folder;
}

/** Every path under `root` (itself included) that group or others may use, with its mode; links out aside. */
async function openToOthers(root: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (path: string) => {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0 && (stats.isDirectory() || stats.nlink === 1))
      open.push(`${path.slice(root.length) || '/'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(path)) await walk(join(path, name));
  };
  await walk(root);
  return open;
}

/** A data folder as an older version left it: open folders, a world-writable file, links out. */
async function leftOpen(folder: string, outside: string) {
  const data = join(folder, 'data');
  await mkdir(join(data, 'drafts', 'd1'), { recursive: true, mode: 0o755 });
  await chmod(data, 0o755);
  await writeFile(join(data, 'drafts', 'd1', 'leads.csv'), 'leads', { mode: 0o666 });
  await chmod(join(data, 'drafts', 'd1', 'leads.csv'), 0o666);
  await writeFile(outside, 'site', { mode: 0o644 });
  await chmod(outside, 0o644);
  await symlink(outside, join(data, 'site-link'));
  // As the publisher links the checkout's built site into its builds.
  await link(outside, join(data, 'drafts', 'index.html'));
  return data;
}

describe('the data folder', () => {
  it('is mended to owner-only, through every level, without following links out of it', async () => {
    const folder = await scratch();
    const outside = join(folder, 'checkout-file');
    const data = await leftOpen(folder, outside);
    expect(await openToOthers(data)).toHaveLength(4);
    await ownerOnly(data);
    expect(await openToOthers(data)).toEqual([]);
    expect((await lstat(join(data, 'drafts', 'd1', 'leads.csv'))).mode & 0o777).toBe(0o600);
    expect((await lstat(outside)).mode & 0o777).toBe(0o644);
  });

  it('stops the service, saying how to fix it, when it cannot be closed to others', async () => {
    const folder = await scratch();
    const data = await leftOpen(folder, join(folder, 'checkout-file'));
    const refused = Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    // As for a folder another user owns: the first chmod refused stops it.
    vi.mocked(fs.chmod).mockRejectedValueOnce(refused);
    const error = await ownerOnly(data).then(
      () => null,
      (problem: unknown) => problem,
    );
    expect(String(error).replaceAll(folder, '/srv/site')).toMatchSnapshot();
  });

  // The service is started from source (tsx), with a new PGlite cluster: in CI, beside the browser
  // tests on two cores, that took 40 to 52 s, and once more than 60.
  it('is owner-only once `npm run serve` has started on it, its database and secret included', async () => {
    const folder = await scratch();
    const data = await leftOpen(folder, join(folder, 'checkout-file'));
    const service = spawn(
      resolve('node_modules/.bin/tsx'),
      ['server/serve.ts', '--port', '0', '--root', folder, '--data-dir', data],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, CONTENT_PUBLISH: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise((done) => service.once('exit', done));
    try {
      await new Promise<void>((started, failed) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Site and lead service:')) started();
        };
        service.stdout.on('data', read);
        service.stderr.on('data', read);
        service.once('exit', () => failed(new Error(`The service stopped:\n${output}`)));
      });
      const made = await readdir(data);
      expect(made).toEqual(expect.arrayContaining(['pglite', 'leads.sock', 'staff-auth-secret']));
      expect(await openToOthers(data)).toEqual([]);
    } finally {
      service.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
