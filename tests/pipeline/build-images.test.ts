/**
 * The picture step is incremental: a picture already in public/media is neither encoded nor
 * copied again, one deleted there is copied back from the cache, and the files of a picture no
 * sheet names any more are removed with the folders they leave empty.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
});
