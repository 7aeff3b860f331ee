/**
 * A content publish reuses the live build's client and server bundles and
 * runs only the steps after Vite. This holds its output to what a full
 * `npm run build` of the same commit writes, file for file and byte for byte,
 * for a one-cell change and for a new picture.
 */
import { readFile, stat } from 'node:fs/promises';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Publisher } from '../../server/publish/publisher';
import { createPublisher } from '../../server/publish/publisher';
import {
  builtCheckout,
  editedSheet,
  fullBuild,
  git,
  removeCheckout,
  siteDigest,
  rentShown,
} from './publish-checkout';

let dir: string;
let publisher: Publisher;

beforeAll(async () => {
  dir = await builtCheckout();
  publisher = await createPublisher({
    repoDir: dir,
    workDir: join(dir, '.data/publish'),
    initialSite: join(dir, 'dist'),
  });
}, 240_000);

afterAll(async () => {
  await publisher.close();
  await removeCheckout(dir);
});

describe('the fast path of a content publish', { timeout: 240_000 }, () => {
  it('writes the same site as a full build of the same commit', async () => {
    const rent = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹2,08,439"', '"₹2,12,000"');
    // A picture never seen before (its colour is random), so it is encoded, not taken from the cache.
    const picture = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: randomInt(256), g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const gallery = await editedSheet(
      join(dir, 'sheets'),
      'project-gallery.csv',
      'projects/joy-district-2.jpg',
      'projects/joy-district-new.jpg',
    );
    const draft = await publisher.createDraft([
      { path: 'pre-rented.csv', bytes: rent },
      { path: 'project-gallery.csv', bytes: gallery },
      { path: 'images/projects/joy-district-new.jpg', bytes: picture },
    ]);
    const change = await publisher.publish(
      draft.id,
      { name: 'Asha Rao', email: 'asha@example.com' },
      'Rent and a picture',
    );
    expect(await git(dir, 'rev-parse', 'HEAD')).toBe(change.commit);

    await publisher.settled();
    await fullBuild(dir, 'dist-full');
    const [fast, full] = await Promise.all([
      siteDigest(publisher.liveRoot()),
      siteDigest(join(dir, 'dist-full')),
    ]);
    expect(Object.keys(fast)).toEqual(Object.keys(full));
    expect(fast).toEqual(full);
    expect(await readFile(join(publisher.liveRoot(), 'preRentedList/index.html'), 'utf8')).toContain(
      rentShown(212000),
    );
  });

  it('renders only the pages a one-cell change touches, links the rest, and writes what a full build writes', async () => {
    const before = publisher.liveRoot();
    const rent = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹2,12,000"', '"₹2,15,500"');
    const draft = await publisher.createDraft([{ path: 'pre-rented.csv', bytes: rent }]);
    await publisher.publish(draft.id, { name: 'Asha Rao', email: 'asha@example.com' }, 'One rent');
    await publisher.settled();
    const after = publisher.liveRoot();
    await fullBuild(dir, 'dist-full');
    const [fast, full, earlier] = await Promise.all([
      siteDigest(after),
      siteDigest(join(dir, 'dist-full')),
      siteDigest(before),
    ]);
    expect(fast).toEqual(full);

    // Every page the change left as it was is the live build's own file, linked; every other page is new.
    const pages = Object.keys(fast).filter((file) => file.endsWith('.html'));
    const linked = await Promise.all(
      pages.map(async (file) => {
        const [old, now] = await Promise.all([
          stat(join(before, file)).catch(() => null),
          stat(join(after, file)),
        ]);
        return old !== null && old.ino === now.ino;
      }),
    );
    const changed = pages.filter((file) => fast[file] !== earlier[file]);
    expect(pages.filter((_, i) => !linked[i])).toEqual(changed);
    // The tenant's page, the listings and the table that show its rent; the others untouched.
    expect(changed).toContain('preRentedList/SBI Bank/index.html');
    expect(changed).toContain('preRentedTable/index.html');
    expect(changed.length).toBeLessThan(pages.length / 5);
  });
});
