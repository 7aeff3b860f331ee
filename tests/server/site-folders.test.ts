/**
 * The site served from a folder that changes between requests (the
 * publisher's live build): each request is answered from the live build, and
 * a hashed file only an earlier build has (a page loaded before the switch
 * asks for it) from that build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteFolders } from '../../server/static/site';
import { siteRoutes } from '../../server/static/site';

let root: string;
const build = (name: string) => join(root, name);

async function writeBuild(name: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(build(name), path, '..'), { recursive: true });
    await writeFile(join(build(name), path), text);
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'site-folders-'));
  await writeBuild('old', {
    'index.html': 'old home',
    '404.html': 'old not found',
    'assets/app-OLD.js': 'old script',
    'media/a-OLD.webp': 'old picture',
    _headers: '/*\n  X-Build: old\n',
  });
  await writeBuild('new', {
    'index.html': 'new home',
    '404.html': 'new not found',
    'assets/app-NEW.js': 'new script',
    _headers: '/*\n  X-Build: new\n',
  });
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('a site whose folder changes', () => {
  it('answers each request from the folder live at that moment', async () => {
    let folders: SiteFolders = { live: build('old'), earlier: [] };
    const app = siteRoutes(() => folders);
    const home = async () => {
      const response = await app.request('/');
      return `${await response.text()} ${response.headers.get('x-build')}`;
    };
    expect(await home()).toBe('old home old');
    folders = { live: build('new'), earlier: [build('old')] };
    expect(await home()).toBe('new home new');
  });

  it("serves an earlier build's hashed files, and nothing else of it", async () => {
    const app = siteRoutes(() => ({ live: build('new'), earlier: [build('old')] }));
    const get = async (path: string) => {
      const response = await app.request(path);
      return `${response.status} ${await response.text()}`;
    };
    expect(await get('/assets/app-OLD.js')).toBe('200 old script');
    expect(await get('/media/a-OLD.webp')).toBe('200 old picture');
    expect(await get('/assets/app-NEW.js')).toBe('200 new script');
    expect(await get('/assets/app-GONE.js')).toBe('404 new not found');
    expect(await get('/index.html')).toBe('200 new home');
    expect(await get('/assets/../index.html')).toBe('200 new home');
  });
});
