import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressSite, CONTENT_QUALITY, FIRST_ROUND_TRIP } from '../../pipeline/compress';

const brotliAt = (data: Buffer, quality: number) =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });

/** A page of `rows` listing rows, varied as a real listing is (a fixed seed: the same bytes every run). */
function listingPage(rows: number): Buffer {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const tenants = ['SBI Bank', 'Nykaa', 'Haldirams', 'ICICI Bank', 'Inox', 'Social', 'Croma', 'Starbucks'];
  const items = Array.from(
    { length: rows },
    (_, i) =>
      `<li class="c${next(9)}"><a href="/preRentedList/${tenants[next(8)]}-${i}">${tenants[next(8)]} in Sector ${next(115)}</a>` +
      `<span>₹${(next(900_000) + 40_000).toLocaleString('en-IN')} a month · ${next(9_000) + 600} sq ft · lease ${next(12) + 3} years</span></li>`,
  );
  return Buffer.from(`<!DOCTYPE html><html lang="en-IN"><body><ul>${items.join('')}</ul></body></html>`);
}

/** The listing page whose copy at the content quality is just over the first round trip. */
function pageJustOver(): Buffer {
  let [low, high] = [1, 2_000];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (brotliAt(listingPage(middle), CONTENT_QUALITY).length <= FIRST_ROUND_TRIP) low = middle + 1;
    else high = middle;
  }
  return listingPage(low);
}

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

describe('compressSite', () => {
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a*${i}+"${i}"}`).join(';'),
  );
  const payload = Buffer.from(JSON.stringify({ page: listingPage(40).toString() }));
  const tenantPage = listingPage(20);
  const largeListing = listingPage(3_000);

  it('writes copies that read back as the files, brotli at its best for the code, at the content quality for the rest', async () => {
    await put({
      'assets/entry-Ab12Cd.js': script,
      'assets/pages/0123456789abcdef.json': payload,
      'preRentedList/Nykaa/index.html': tenantPage,
      'preRentedList/index.html': largeListing,
      'sitemap.xml': Buffer.from('<urlset></urlset>'),
    });
    const result = await compressSite(site);
    expect(result).toEqual({ files: 5, compressed: 5 });
    for (const [path, data] of [
      ['assets/entry-Ab12Cd.js', script],
      ['assets/pages/0123456789abcdef.json', payload],
      ['preRentedList/index.html', largeListing],
    ] as const) {
      expect(brotliDecompressSync(await copy(path, 'br'))).toEqual(data);
      expect(gunzipSync(await copy(path, 'gz'))).toEqual(data);
    }
    expect(await copy('assets/entry-Ab12Cd.js', 'br')).toEqual(brotliAt(script, 11));
    expect(await copy('assets/pages/0123456789abcdef.json', 'br')).toEqual(
      brotliAt(payload, CONTENT_QUALITY),
    );
    expect(await copy('preRentedList/Nykaa/index.html', 'br')).toEqual(brotliAt(tenantPage, CONTENT_QUALITY));
    expect(await copy('preRentedList/index.html', 'br')).toEqual(brotliAt(largeListing, CONTENT_QUALITY));
  });

  it('gives a page just over the first round trip at the content quality its best copy', async () => {
    const page = pageJustOver();
    const best = brotliAt(page, 11);
    expect(best.length).toBeLessThan(brotliAt(page, CONTENT_QUALITY).length);
    await put({ 'index.html': page });
    await compressSite(site);
    expect(await copy('index.html', 'br')).toEqual(best);
  });

  it('links the copies of an earlier build’s same file instead of compressing it again', async () => {
    const earlier = await mkdtemp(join(tmpdir(), 'compress-earlier-'));
    try {
      await put({ 'preRentedList/Nykaa/index.html': tenantPage, 'index.html': listingPage(5) }, earlier);
      await compressSite(earlier);
      await put({ 'preRentedList/Nykaa/index.html': tenantPage, 'index.html': listingPage(6) });
      expect(await compressSite(site, earlier)).toEqual({ files: 2, compressed: 1 });
      const inode = async (root: string) => (await stat(join(root, 'preRentedList/Nykaa/index.html.br'))).ino;
      expect(await inode(site)).toBe(await inode(earlier));
    } finally {
      await rm(earlier, { recursive: true, force: true });
    }
  });
});
