import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, get as httpGet, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHeadersFile, staticFiles } from '../../server/static-files';

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'frame-static-'));
  const page = async (path: string, text: string) => {
    await mkdir(join(root, path), { recursive: true });
    await writeFile(join(root, path, 'index.html'), text);
  };
  await page('', 'home');
  await page('preRentedList/SBI Bank', 'sbi');
  await page('terms&Condition', 'terms');
  await writeFile(join(root, '404.html'), 'not found');
  await writeFile(
    join(root, '_headers'),
    '/*\n  X-Frame-Options: DENY\n# a comment\n/assets/*\n  X-Test: yes\n',
  );
  const serve = staticFiles(root);
  server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(base + path);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

describe('static files, served as a static host serves them', () => {
  it('decodes percent-encoded paths', async () => {
    expect(await get('/preRentedList/SBI%20Bank')).toMatchObject({ status: 200, text: 'sbi' });
    expect(await get('/terms%26Condition')).toMatchObject({ status: 200, text: 'terms' });
    expect(await get('/terms&Condition')).toMatchObject({ status: 200, text: 'terms' });
  });

  it('serves a folder index with or without the trailing slash', async () => {
    expect(await get('/preRentedList/SBI%20Bank/')).toMatchObject({ status: 200, text: 'sbi' });
    expect(await get('/')).toMatchObject({ status: 200, text: 'home' });
  });

  it('answers unknown, malformed and escaping paths with 404.html and status 404', async () => {
    for (const path of ['/nope', '/preRentedList/Nobody', '/%E0%A4%A', '/..%2F..%2Fetc%2Fpasswd', '/%00']) {
      expect(await get(path), path).toMatchObject({ status: 404, text: 'not found' });
    }
  });

  it('compresses text with brotli where the browser takes it, else gzip, else not at all', async () => {
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        httpGet(
          `${base}/terms%26Condition`,
          { headers: { 'accept-encoding': acceptEncoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          },
        ).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('terms');
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe('terms');
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe('terms');
  });

  it('applies the _headers file', async () => {
    expect((await get('/')).headers.get('x-frame-options')).toBe('DENY');
    expect((await get('/')).headers.get('x-test')).toBeNull();
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
