import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { betterCopy, compressedCopy, compressSite, CONTENT_QUALITY } from '../../pipeline/compress';
import { brotliAt, listingPage, pageJustOver } from './listing-page';

let site: string;

beforeEach(async () => {
  site = await mkdtemp(join(tmpdir(), 'compress-'));
});

afterEach(async () => {
  await rm(site, { recursive: true, force: true });
});

async function put(files: Record<string, Buffer>, root = site): Promise<void> {
  for (const [path, data] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), data);
  }
}

const copy = (path: string, kind: 'br' | 'gz', root = site) => readFile(join(root, `${path}.${kind}`));

const script = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a*${i}+"${i}"}`).join(';'),
);
const styles = Buffer.from(Array.from({ length: 300 }, (_, i) => `.c${i}{margin:${i}px}`).join(''));
const payload = Buffer.from(JSON.stringify({ page: listingPage(40).toString() }));
const tenantPage = listingPage(20);
const largeListing = listingPage(3_000);

describe('compressSite', () => {
  it('with onlyNew, compresses only the files without both copies: the styles the pre-render cut after the rest was compressed', async () => {
    await put({ 'assets/entry-Ab12Cd.js': script, 'assets/entry-Ef34Gh.css': styles });
    expect(await compressSite(site)).toEqual({ files: 2, compressed: 2 });
    const before = (await stat(join(site, 'assets/entry-Ab12Cd.js.br'))).mtimeMs;
    await put({ 'assets/entry-Ef34Gh-rest-0123456789.css': styles });
    // A copy lost on its own is made again.
    await rm(join(site, 'assets/entry-Ef34Gh.css.gz'));
    expect(await compressSite(site, undefined, { onlyNew: true })).toEqual({ files: 2, compressed: 2 });
    expect(await copy('assets/entry-Ef34Gh-rest-0123456789.css', 'br')).toEqual(brotliAt(styles, 11));
    expect(gunzipSync(await copy('assets/entry-Ef34Gh.css', 'gz'))).toEqual(styles);
    expect((await stat(join(site, 'assets/entry-Ab12Cd.js.br'))).mtimeMs).toBe(before);
  });

  it('writes copies of the code’s files at brotli’s best, and none of what the sheets make', async () => {
    await put({
      'assets/entry-Ab12Cd.js': script,
      'assets/entry-Ef34Gh.css': styles,
      'assets/pages/0123456789abcdef.json': payload,
      'preRentedList/Nykaa/index.html': tenantPage,
      'sitemap.xml': Buffer.from('<urlset></urlset>'),
    });
    expect(await compressSite(site)).toEqual({ files: 2, compressed: 2 });
    for (const [path, data] of [
      ['assets/entry-Ab12Cd.js', script],
      ['assets/entry-Ef34Gh.css', styles],
    ] as const) {
      expect(await copy(path, 'br')).toEqual(brotliAt(data, 11));
      expect(gunzipSync(await copy(path, 'gz'))).toEqual(data);
    }
    for (const path of [
      'assets/pages/0123456789abcdef.json',
      'preRentedList/Nykaa/index.html',
      'sitemap.xml',
    ])
      await expect(copy(path, 'br'), path).rejects.toThrow(/ENOENT/);
  });

  it('links the copies of an earlier build’s same file instead of compressing it again', async () => {
    const earlier = await mkdtemp(join(tmpdir(), 'compress-earlier-'));
    try {
      await put({ 'assets/entry-Ab12Cd.js': script, 'assets/entry-Ef34Gh.css': styles }, earlier);
      await compressSite(earlier);
      await put({
        'assets/entry-Ab12Cd.js': script,
        'assets/entry-Ef34Gh.css': Buffer.concat([styles, styles]),
      });
      expect(await compressSite(site, earlier)).toEqual({ files: 2, compressed: 1 });
      const inode = async (root: string) => (await stat(join(root, 'assets/entry-Ab12Cd.js.br'))).ino;
      expect(await inode(site)).toBe(await inode(earlier));
    } finally {
      await rm(earlier, { recursive: true, force: true });
    }
  });
});

describe('compressedCopy, as the service compresses a file on first request', () => {
  it('reads back as the file, brotli at its best for the code, at the content quality for the rest', async () => {
    for (const [path, data] of [
      ['assets/entry-Ab12Cd.js', script],
      ['assets/pages/0123456789abcdef.json', payload],
      ['preRentedList/Nykaa/index.html', tenantPage],
      ['preRentedList/index.html', largeListing],
    ] as const) {
      expect(brotliDecompressSync(await compressedCopy(path, data, 'br'))).toEqual(data);
      expect(gunzipSync(await compressedCopy(path, data, 'gzip'))).toEqual(data);
    }
    expect(await compressedCopy('assets/entry-Ab12Cd.js', script, 'br')).toEqual(brotliAt(script, 11));
    expect(await compressedCopy('assets/pages/0123456789abcdef.json', payload, 'br')).toEqual(
      brotliAt(payload, CONTENT_QUALITY),
    );
    expect(await compressedCopy('preRentedList/Nykaa/index.html', tenantPage, 'br')).toEqual(
      brotliAt(tenantPage, CONTENT_QUALITY),
    );
    expect(await compressedCopy('preRentedList/index.html', largeListing, 'br')).toEqual(
      brotliAt(largeListing, CONTENT_QUALITY),
    );
  });

  it('has a better copy only of a page just over the first round trip at the content quality', async () => {
    const page = pageJustOver();
    const quick = await compressedCopy('index.html', page, 'br');
    const best = brotliAt(page, 11);
    expect(best.length).toBeLessThan(quick.length);
    expect(await betterCopy('index.html', page, quick)).toEqual(best);
    const tenant = await compressedCopy('preRentedList/Nykaa/index.html', tenantPage, 'br');
    expect(await betterCopy('preRentedList/Nykaa/index.html', tenantPage, tenant)).toBeNull();
    const listing = await compressedCopy('preRentedList/index.html', largeListing, 'br');
    expect(await betterCopy('preRentedList/index.html', largeListing, listing)).toBeNull();
  });
});
