/** The built site as the service serves it, called in-process on a small site written for the test. */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_QUALITY } from '../../pipeline/compress';
import { PAGE_CACHE } from '../../pipeline/headers';
import { parseHeadersFile } from '../../server/static/headers-file';
import { siteRoutes } from '../../server/static/site';
import { brotliAt, pageJustOver } from '../pipeline/listing-page';

let root: string;
let app: ReturnType<typeof siteRoutes>;

const page = async (path: string, text: string) => {
  await mkdir(join(root, path), { recursive: true });
  await writeFile(join(root, path, 'index.html'), text);
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'site-'));
  await page('', 'home');
  await page('preRentedList/SBI Bank', 'sbi');
  await page('terms&Condition', 'terms');
  await writeFile(join(root, 'terms&Condition/index.html.br'), brotliCompressSync('terms'));
  await writeFile(join(root, 'terms&Condition/index.html.gz'), gzipSync('terms'));
  await writeFile(join(root, '404.html'), 'not found');
  await mkdir(join(root, '.vite'));
  await writeFile(join(root, '.vite/pages.json'), '{}');
  await mkdir(join(root, '.well-known'));
  await writeFile(join(root, '.well-known/security.txt'), 'Contact: mailto:security@example.com');
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'assets/app.js'), 'console.log("0123456789");');
  await writeFile(join(root, 'assets/.hidden'), 'hidden');
  await utimes(join(root, 'assets/app.js'), new Date('2030-01-01'), new Date('2030-01-01'));
  await writeFile(
    join(root, '_headers'),
    '/*\n  X-Frame-Options: DENY\n# a comment\n/assets/*\n  X-Test: yes\n  Cache-Control: public, max-age=31536000, immutable\n',
  );
  app = siteRoutes(root);
});

afterAll(() => rm(root, { recursive: true, force: true }));

const get = async (path: string, init: RequestInit = {}) => {
  const response = await app.request(path, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

describe('the site, served as a static host serves it', () => {
  it('decodes percent-encoded paths', async () => {
    expect(await get('/preRentedList/SBI%20Bank')).toMatchObject({ status: 200, text: 'sbi' });
    expect(await get('/terms%26Condition')).toMatchObject({ status: 200, text: 'terms' });
    expect(await get('/terms&Condition')).toMatchObject({ status: 200, text: 'terms' });
  });

  it('serves .well-known, the one hidden folder a host serves', async () => {
    expect(await get('/.well-known/security.txt')).toMatchObject({ status: 200 });
  });

  it('serves a folder index with or without the trailing slash', async () => {
    expect(await get('/preRentedList/SBI%20Bank/')).toMatchObject({ status: 200, text: 'sbi' });
    expect(await get('/')).toMatchObject({ status: 200, text: 'home' });
  });

  it('answers unknown, malformed and escaping paths with 404.html and status 404', async () => {
    const paths = [
      '/nope',
      '/preRentedList/Nobody',
      '/%E0%A4%A',
      '/..%2F..%2Fetc%2Fpasswd',
      '/%252e%252e/%252e%252e/etc/passwd',
      '/%5C..%5C..%5Cetc%5Cpasswd',
      '/%00',
      '/_headers',
      '/.vite/pages.json',
      '/%2Evite/pages.json',
      '/assets/.hidden',
    ];
    for (const path of paths) expect(await get(path), path).toMatchObject({ status: 404, text: 'not found' });
  });

  it('sends the build’s brotli or gzip copy where the browser takes it, else the file itself', async () => {
    const raw = async (encoding: string) => {
      const response = await app.request('/terms%26Condition', { headers: { 'Accept-Encoding': encoding } });
      return {
        encoding: response.headers.get('content-encoding'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('terms');
    expect((await raw('gzip')).encoding).toBe('gzip');
    const plain = await raw('identity');
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe('terms');
  });

  it('compresses a text file the build left without copies when first asked, and keeps the copy', async () => {
    const listing = 'Pre-rented offices and shops in Gurugram. '.repeat(200);
    await page('preRentedList', listing);
    const ask = async (encoding: string, init: RequestInit = {}) => {
      const response = await app.request('/preRentedList', {
        ...init,
        headers: { 'Accept-Encoding': encoding, ...init.headers },
      });
      const body = Buffer.from(await response.arrayBuffer());
      return { response, body, encoding: response.headers.get('content-encoding') };
    };
    const br = await ask('gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(listing);
    expect(br.response.headers.get('content-length')).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(listing.length / 10);
    expect(br.response.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(br.response.headers.get('x-frame-options')).toBe('DENY');

    const gz = await ask('br;q=0, gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(listing);
    const plain = await ask('identity');
    expect(plain.body.toString()).toBe(listing);
    expect(plain.response.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.response.headers.get('content-length')).toBe(String(listing.length));

    const head = await ask('br', { method: 'HEAD' });
    expect(head.body.length).toBe(0);
    expect(head.response.headers.get('content-length')).toBe(String(br.body.length));

    const tag = br.response.headers.get('etag') ?? '';
    expect(tag).not.toBe(gz.response.headers.get('etag'));
    expect((await ask('br', { headers: { 'If-None-Match': tag } })).response.status).toBe(304);

    const part = await ask('br', { headers: { Range: 'bytes=0-6' } });
    expect(part.response.status).toBe(206);
    expect(part.encoding).toBeNull();
    expect(part.body.toString()).toBe('Pre-ren');

    const changed = 'Rents changed today. '.repeat(200);
    await page('preRentedList', changed);
    await utimes(join(root, 'preRentedList/index.html'), new Date('2031-01-01'), new Date('2031-01-01'));
    expect(brotliDecompressSync((await ask('br')).body).toString()).toBe(changed);
  });

  it('sends a page just over the first round trip at quality 6 at first, then its best copy once made', async () => {
    const home = pageJustOver();
    await page('achievements', home.toString());
    const sent = async () => {
      const response = await app.request('/achievements', { headers: { 'Accept-Encoding': 'br' } });
      return Buffer.from(await response.arrayBuffer());
    };
    const first = await sent();
    expect(first).toEqual(brotliAt(home, CONTENT_QUALITY));
    await expect.poll(sent, { timeout: 10_000 }).toEqual(brotliAt(home, 11));
  });

  it('answers ranges and conditional requests', async () => {
    const part = await get('/assets/app.js', { headers: { Range: 'bytes=0-10' } });
    expect(part).toMatchObject({ status: 206, text: 'console.log' });
    expect(part.headers.get('content-range')).toBe('bytes 0-10/26');
    const whole = await get('/assets/app.js');
    const tag = whole.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const again = await app.request('/assets/app.js', { headers: { 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-test')).toBe('yes');
  });

  it('answers HEAD like GET without a body, and other methods with 405', async () => {
    const head = await get('/preRentedList/SBI%20Bank', { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, text: '' });
    expect(head.headers.get('content-length')).toBe('3');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const refused = await get('/', { method });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('never lets a browser or a CDN keep the not-found answer of a hashed file: a publish may add it', async () => {
    expect((await get('/assets/app.js')).headers.get('cache-control')).toContain('immutable');
    const missing = await get('/assets/pages/5664bbc38093296d.json');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(missing.headers.get('x-test')).toBe('yes');
  });

  it('applies the _headers file, to pages and to the not-found page', async () => {
    expect((await get('/')).headers.get('x-frame-options')).toBe('DENY');
    expect((await get('/')).headers.get('x-test')).toBeNull();
    expect((await get('/assets/app.js')).headers.get('x-test')).toBe('yes');
    expect((await get('/nope')).headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('parseHeadersFile', () => {
  it('reads path patterns and their indented headers, skipping comments', () => {
    const rules = parseHeadersFile('/*\n  A: 1\n  B: two: parts\n\n# note\n/x\n  C: 3\n');
    expect(rules.map((rule) => rule.headers)).toEqual([
      [
        ['A', '1'],
        ['B', 'two: parts'],
      ],
      [['C', '3']],
    ]);
    expect(rules[0]?.pattern.test('/anything/here')).toBe(true);
    expect(rules[1]?.pattern.test('/xy')).toBe(false);
  });
});
