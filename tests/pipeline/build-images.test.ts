/**
 * The picture step is incremental: a picture already in public/media is neither encoded nor
 * copied again, one deleted there is copied back from the cache, and the files of a picture no
 * sheet names any more are removed with the folders they leave empty. A picture read once is
 * known by its file while that stays the same, as the publisher's build process sees it publish
 * after publish, and read again when it is saved again.
 */
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImages } from '../../pipeline/images/build-images';

const imagesDir = resolve(import.meta.dirname, '../fixtures/valid/images');
const SOURCES = ['projects/joy-district-hero.jpg', 'projects/joy-district-map.png'];

let publicDir: string;

beforeAll(async () => {
  publicDir = await mkdtemp(join(tmpdir(), 'build-images-'));
});

afterAll(() => rm(publicDir, { recursive: true, force: true }));

const media = async () =>
  (await readdir(join(publicDir, 'media'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(publicDir.length + 1))
    .sort();

describe('buildImages', () => {
  it('publishes what is missing, leaves what is there, and removes what no sheet names', async () => {
    const first = await buildImages({ imagesDir, sources: SOURCES, publicDir });
    expect(first.failures).toEqual([]);
    const files = await media();
    expect(first.published).toBe(files.length);
    const urls = SOURCES.map((src) => first.images[src]?.url.slice(1));
    expect(urls.every((url) => url !== undefined && files.includes(url))).toBe(true);

    expect(await buildImages({ imagesDir, sources: SOURCES, publicDir })).toMatchObject({
      encoded: 0,
      published: 0,
      removed: 0,
    });

    const lost = urls[0] as string;
    await rm(join(publicDir, lost));
    expect(await buildImages({ imagesDir, sources: SOURCES, publicDir })).toMatchObject({ published: 1 });
    expect(await media()).toEqual(files);

    const kept = await buildImages({ imagesDir, sources: SOURCES.slice(1), publicDir });
    const left = await media();
    expect(kept.removed).toBe(files.length - left.length);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((file) => files.includes(file))).toBe(true);
    expect(left).not.toContain(lost);
    // The removed picture's folder went with its files.
    const folders = (
      await readdir(join(publicDir, 'media'), { recursive: true, withFileTypes: true })
    ).filter((entry) => entry.isDirectory());
    for (const folder of folders)
      expect(await readdir(join(folder.parentPath, folder.name)), folder.name).not.toEqual([]);
  });

  it('knows a picture read before by its file, and reads one saved again', async () => {
    const work = await mkdtemp(join(tmpdir(), 'build-images-known-'));
    try {
      const cacheDir = join(work, 'cache');
      const live = join(work, 'live');
      const draft = join(work, 'draft');
      const src = 'projects/hero.jpg';
      await mkdir(join(live, 'projects'), { recursive: true });
      await mkdir(join(draft, 'projects'), { recursive: true });
      await copyFile(join(imagesDir, 'projects/joy-district-hero.jpg'), join(live, src));
      // A time in whole seconds, which utimes puts back exactly below.
      const time = 1_700_000_000;
      await utimes(join(live, src), time, time);
      const build = (dir: string) =>
        buildImages({ imagesDir: dir, sources: [src], publicDir: join(work, 'site'), cacheDir });

      const first = await build(live);
      expect(first).toMatchObject({ encoded: 1, failures: [] });
      // A draft links the live pictures: the same file, under another folder.
      await link(join(live, src), join(draft, src));
      const linked = await build(draft);
      expect(linked).toMatchObject({ encoded: 0, failures: [] });
      expect(linked.images[src]).toEqual(first.images[src]);

      // Its cache entry gone, the picture is read again to be encoded again.
      await rm(cacheDir, { recursive: true });
      expect(await build(draft)).toMatchObject({ encoded: 1, failures: [] });

      // Saved again as another picture: read, not taken for the one before.
      await rm(join(draft, src));
      await copyFile(join(imagesDir, 'projects/sector66-hero.jpg'), join(draft, src));
      const saved = await build(draft);
      expect(saved).toMatchObject({ encoded: 1, failures: [] });
      expect(saved.images[src]?.url).not.toBe(first.images[src]?.url);

      // Bytes written over in place with the time put back are caught before they are encoded
      // under the name of the picture read before.
      const bytes = await readFile(join(live, src));
      bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 0xff;
      await writeFile(join(live, src), bytes);
      await utimes(join(live, src), time, time);
      await rm(cacheDir, { recursive: true });
      const changed = await build(live);
      expect(changed.failures).toEqual([
        { src, message: `sheets/images/${src} changed while the site was built. Publish again.` },
      ]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
