/**
 * The folder walks a publish makes over a whole build: every file listed once, in order, and
 * linked (not copied) into the next build, folders included; files compared by their bytes.
 */
import { link, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkFiles } from '../../pipeline/prerender';
import { differingFiles, listFiles, sameBytes } from '../../server/publish/tree';

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

describe('sameBytes and differingFiles', () => {
  it('tells files apart by their bytes, whether they are links to one file, copies or of another size', async () => {
    const at = (name: string) => join(dir, 'site', name);
    await link(at('b.html'), at('linked.html'));
    await writeFile(at('copy.html'), 'b.html');
    await writeFile(at('same-size.html'), 'x.html');
    await writeFile(at('longer.html'), 'b.html, longer');
    expect(await sameBytes(at('b.html'), at('linked.html'))).toBe(true);
    expect(await sameBytes(at('b.html'), at('copy.html'))).toBe(true);
    expect(await sameBytes(at('b.html'), at('same-size.html'))).toBe(false);
    expect(await sameBytes(at('b.html'), at('longer.html'))).toBe(false);
    expect(await sameBytes(at('b.html'), at('none.html'))).toBe(false);
    expect(await sameBytes(at('none.html'), at('nor.html'))).toBe(true);
  });

  it('lists the files added, changed or removed between two folders, links to the same file left out', async () => {
    const files = ['a/b c/index.html', 'a/index.html', 'assets/pages/1.json', 'b.html'];
    linkFiles(join(dir, 'site'), join(dir, 'next'), files);
    await rm(join(dir, 'next', 'a/index.html'));
    await writeFile(join(dir, 'next', 'a/index.html'), 'a/index.htmX');
    await rm(join(dir, 'next', 'b.html'));
    await writeFile(join(dir, 'next', 'new.html'), 'new');
    expect(await differingFiles(join(dir, 'site'), join(dir, 'next'))).toEqual([
      'a/index.html',
      'b.html',
      'new.html',
    ]);
  });
});
