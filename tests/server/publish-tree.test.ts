/**
 * The folder walks a publish makes over a whole build: every file listed once, in order, and
 * linked (not copied) into the next build, folders included.
 */
import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkFiles } from '../../pipeline/prerender';
import { listFiles } from '../../server/publish/tree';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publish-tree-'));
  for (const file of ['b.html', 'a/index.html', 'a/b c/index.html', 'assets/pages/1.json'])
    await mkdir(join(dir, 'site', file, '..'), { recursive: true }).then(() =>
      writeFile(join(dir, 'site', file), file),
    );
  await mkdir(join(dir, 'site', 'empty'));
  await symlink(join(dir, 'site', 'b.html'), join(dir, 'site', 'link.html'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('listFiles', () => {
  it('lists every file under the folder, sorted, with forward slashes, and no folder or link', async () => {
    expect(await listFiles(join(dir, 'site'))).toEqual([
      'a/b c/index.html',
      'a/index.html',
      'assets/pages/1.json',
      'b.html',
    ]);
  });

  it('lists nothing for a folder that does not exist', async () => {
    expect(await listFiles(join(dir, 'none'))).toEqual([]);
  });
});

describe('linkFiles', () => {
  it('hard-links the files named into their folders, made as needed', async () => {
    const files = ['a/b c/index.html', 'assets/pages/1.json'];
    linkFiles(join(dir, 'site'), join(dir, 'next'), files);
    expect(await listFiles(join(dir, 'next'))).toEqual(files);
    for (const file of files) {
      const [source, target] = await Promise.all([
        stat(join(dir, 'site', file)),
        stat(join(dir, 'next', file)),
      ]);
      expect(target.ino).toBe(source.ino);
    }
  });
});
