/**
 * The service killed in the middle of a publish: on the next start the live
 * site is the old one or the new one, whole, and sheets/ in the checkout holds
 * the sheets of that site. The publisher runs in a child process
 * (publish-child.ts), killed by its process id.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher } from '../../server/publish/publisher';
import {
  builtCheckout,
  CODE,
  editedSheet,
  git,
  removeCheckout,
  siteDigest,
  rentShown,
} from './publish-checkout';

let dir: string;
let workDir: string;
let edited: string;

beforeAll(async () => {
  dir = await builtCheckout();
  workDir = join(dir, '.data/publish');
  // The first start adopts the developer's build, as `npm start` does.
  const publisher = await createPublisher({ repoDir: dir, workDir, initialSite: join(dir, 'dist') });
  await publisher.close();
  edited = join(dir, 'edited-pre-rented.csv');
  await writeFile(
    edited,
    await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹2,08,439"', '"₹4,44,444"'),
  );
}, 240_000);

afterAll(() => removeCheckout(dir));

/** Starts the child; resolves with its exit once it printed `phase` and was killed, or ended on its own. */
function publishUntil(phase: string, env: NodeJS.ProcessEnv = {}, file = edited): Promise<string> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(CODE, 'tests/server/publish-child.ts'), dir, workDir, 'pre-rented.csv', file],
    { cwd: CODE, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes(`phase ${phase}\n`) && child.pid !== undefined && child.exitCode === null)
      process.kill(child.pid, 'SIGKILL');
  });
  return new Promise((done) => child.on('close', (code, signal) => done(`${output}exit ${signal ?? code}`)));
}

/** What a restarted service serves and holds. */
async function afterRestart() {
  const publisher = await createPublisher({ repoDir: dir, workDir });
  try {
    await publisher.settled();
    const live = publisher.liveRoot();
    return {
      page: await readFile(join(live, 'preRentedList/index.html'), 'utf8'),
      digest: await siteDigest(live),
      sheet: await readFile(join(dir, 'sheets/pre-rented.csv'), 'utf8'),
      changes: (await publisher.history()).length,
    };
  } finally {
    await publisher.close();
  }
}

describe('a publish killed half way', { timeout: 180_000 }, () => {
  it('while building: the old site, whole, and the old sheets', async () => {
    const before = await afterRestart();
    const head = await git(dir, 'rev-parse', 'HEAD');
    expect(await publishUntil('building')).toMatch(/phase building\nexit SIGKILL$/);

    const after = await afterRestart();
    expect(after.digest).toEqual(before.digest);
    expect(after.page).toContain(rentShown(208439));
    expect(after.sheet).toBe(before.sheet);
    expect(after.changes).toBe(0);
    expect(await git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
  });

  it('after its commit, before the switch: the new site, whole, and the new sheets', async () => {
    expect(await publishUntil('none', { KILL_AT: 'committed' })).toMatch(/phase committed\nexit SIGKILL$/);
    expect(await git(dir, 'log', '-1', '--format=%an: %s')).toBe('Asha Rao: New rent');

    const after = await afterRestart();
    expect(after.page).toContain(rentShown(444444));
    expect(after.page).not.toContain(rentShown(208439));
    expect(after.sheet).toContain('"₹4,44,444"');
    expect(after.changes).toBe(1);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
  });

  it('while writing sheets/: the old site and sheets/ as committed', async () => {
    const before = await afterRestart();
    const head = await git(dir, 'rev-parse', 'HEAD');
    await writeFile(
      edited,
      await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹4,44,444"', '"₹5,55,555"'),
    );
    expect(await publishUntil('none', { KILL_AT: 'committing' })).toMatch(/phase committing\nexit SIGKILL$/);

    const after = await afterRestart();
    expect(after.digest).toEqual(before.digest);
    expect(after.sheet).toBe(before.sheet);
    expect(await git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
  });
});

describe('a merged publish killed half way', { timeout: 180_000 }, () => {
  /** A member's edit of the sheet as first committed, before the rents above: another row's rent, to merge with them. */
  async function mergedEdit(from: string, to: string): Promise<{ base: string; file: string }> {
    const base = join(dir, 'base-pre-rented.csv');
    const file = join(dir, 'member-pre-rented.csv');
    const first = await git(dir, 'rev-list', '--max-parents=0', 'HEAD');
    const original = `${await git(dir, 'show', `${first}:sheets/pre-rented.csv`)}\n`;
    if (!original.includes(from)) throw new Error(`pre-rented.csv holds no ${from}`);
    await writeFile(base, original);
    await writeFile(file, original.replace(from, to));
    return { base, file };
  }

  it('after its commit: the merged site, whole, keeping the colleague’s rent and adding the member’s', async () => {
    const { base, file } = await mergedEdit('"8,28,009"', '"8,31,000"');
    const before = await readFile(join(dir, 'sheets/pre-rented.csv'), 'utf8');
    expect(before).not.toContain('"₹2,08,439"');
    expect(await publishUntil('none', { KILL_AT: 'committed', BASE_FILE: base }, file)).toMatch(
      /phase committed\nexit SIGKILL$/,
    );

    const after = await afterRestart();
    expect(after.sheet).toContain('"8,31,000"');
    expect(after.sheet).toContain('"₹4,44,444"');
    expect(after.page).toContain(rentShown(444444));
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
    expect(await git(dir, 'show', 'HEAD:sheets/pre-rented.csv')).toBe(after.sheet.trim());
  });

  it('while writing sheets/: the site and sheets/ as committed, matching git', async () => {
    const { base, file } = await mergedEdit('"95,340"', '"96,500"');
    const before = await afterRestart();
    const head = await git(dir, 'rev-parse', 'HEAD');
    expect(await publishUntil('none', { KILL_AT: 'committing', BASE_FILE: base }, file)).toMatch(
      /phase committing\nexit SIGKILL$/,
    );

    const after = await afterRestart();
    expect(after.digest).toEqual(before.digest);
    expect(after.sheet).toBe(before.sheet);
    expect(await git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(await git(dir, 'status', '--porcelain', '--', 'sheets')).toBe('');
  });
});

describe('a developer building anew', () => {
  it('makes that build live at the next start, and keeps the one it replaces whole', async () => {
    const before = await afterRestart();
    // As `npm run build` does: new files in place of the old ones, never the old ones rewritten.
    for (const file of ['index.html', '404.html']) {
      const text = await readFile(join(dir, 'dist', file), 'utf8');
      await rm(join(dir, 'dist', file));
      await writeFile(join(dir, 'dist', file), text.replace('</body>', '<!-- rebuilt --></body>'));
    }
    const publisher = await createPublisher({ repoDir: dir, workDir, initialSite: join(dir, 'dist') });
    try {
      expect(await readFile(join(publisher.liveRoot(), 'index.html'), 'utf8')).toContain('<!-- rebuilt -->');
      const previous = (await publisher.history(1))[0]?.build;
      expect(previous).toBeDefined();
      const kept = await siteDigest(join(workDir, 'builds', previous ?? '', 'site'));
      expect(kept).toEqual(before.digest);
    } finally {
      await publisher.close();
    }
  });
});
