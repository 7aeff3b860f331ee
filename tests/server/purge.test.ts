/**
 * The purge after a publish names the addresses whose page changed (a page the build kept is a
 * hard link to the earlier build's file), to an HTTP PURGE cache and to Cloudflare's API.
 */
import { createServer, type Server } from 'node:http';
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeChanged } from '../../server/publish/purge';

interface Heard {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

let dir: string;
let server: Server;
let origin: string;
let heard: Heard[] = [];
let status = 200;

async function page(root: string, file: string, html: string) {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), html);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'purge-'));
  const [before, after] = [join(dir, 'before'), join(dir, 'after')];
  for (const file of ['index.html', 'kept/index.html', 'SBI Bank/index.html', 'gone/index.html'])
    await page(before, file, `<p>${file}</p>`);
  for (const file of ['index.html', 'kept/index.html']) {
    await mkdir(dirname(join(after, file)), { recursive: true });
    await link(join(before, file), join(after, file));
  }
  await page(after, 'SBI Bank/index.html', '<p>A new rent</p>');
  await page(after, 'new/index.html', '<p>New</p>');
  await page(after, 'assets/app.js', '');
  const port = await getPort({ host: '127.0.0.1' });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      heard.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      response.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  await rm(dir, { recursive: true, force: true });
});

const CHANGED = [
  '/SBI%20Bank',
  '/SBI%20Bank/',
  '/gone',
  '/gone/',
  '/new',
  '/new/',
  '/robots.txt',
  '/sitemap.xml',
];

describe('purgeChanged', () => {
  it('sends PURGE for each address whose page changed, was added or removed', async () => {
    heard = [];
    await purgeChanged(join(dir, 'before'), join(dir, 'after'), { CDN_PURGE_URL: `${origin}/` });
    expect(heard.every((request) => request.method === 'PURGE')).toBe(true);
    expect(heard.map((request) => request.url).sort()).toEqual(CHANGED);
  });

  it("asks Cloudflare's API to purge the same addresses under the site's origin", async () => {
    heard = [];
    await purgeChanged(join(dir, 'before'), join(dir, 'after'), {
      CLOUDFLARE_ZONE_ID: 'zone1',
      CLOUDFLARE_API_TOKEN: 'token1',
      CLOUDFLARE_API_URL: origin,
      CDN_SITE_ORIGIN: 'https://www.example.com',
    });
    expect(heard).toHaveLength(1);
    const [call] = heard;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/zones/zone1/purge_cache');
    expect(call?.authorization).toBe('Bearer token1');
    const { files } = JSON.parse(call?.body ?? '{}') as { files: string[] };
    expect(files.sort()).toEqual(CHANGED.map((address) => `https://www.example.com${address}`));
  });

  it('does nothing without a cache to purge, and reports a failed purge without failing', async () => {
    heard = [];
    await purgeChanged(join(dir, 'before'), join(dir, 'after'), {});
    expect(heard).toEqual([]);
    status = 500;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await purgeChanged(join(dir, 'before'), join(dir, 'after'), { CDN_PURGE_URL: origin });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('answered 500');
    } finally {
      warn.mockRestore();
      status = 200;
    }
  });
});
