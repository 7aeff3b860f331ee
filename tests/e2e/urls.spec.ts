/**
 * Every address the built site gives out (sitemap, canonical links, og:url and
 * other share tags, JSON-LD, the links and pictures of every page and of its
 * payload) parses as written, and each one on the site leads to a page or file
 * that exists: on disk in the built site, and served with 200.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { absoluteUrl } from '../../src/data/links';
import { expect, test } from './fixtures';
import { site } from './routes-data';
import { addressesInPage, addressesInSitemap, readAddress, type FoundAddress } from './site-urls';

const dist = resolve(process.env.SITE_OUT ?? 'dist');
const siteUrl = site.settings.site_url;

/** Every HTML file of the built site, with the decoded path of the page it is. */
async function builtPages(): Promise<{ file: string; path: string }[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(dist, file).startsWith('assets'))
    .map((file) => {
      const folder = relative(dist, file).split(sep).slice(0, -1);
      return {
        file,
        path: file.endsWith(`${sep}404.html`) && folder.length === 0 ? '/404' : `/${folder.join('/')}`,
      };
    });
}

/** Whether the built site has a page (folder with index.html) or a file at a decoded path. */
async function existsInDist(path: string): Promise<boolean> {
  const target = join(dist, ...path.split('/').filter(Boolean));
  const found = await stat(target).catch(() => null);
  if (found?.isFile()) return true;
  return (await stat(join(target, 'index.html')).catch(() => null))?.isFile() === true;
}

test('every address in the built site parses and leads to a page or file that exists', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  /** Decoded path on the site → where it was first found. */
  const targets = new Map<string, string>();
  const check = (found: readonly FoundAddress[], pageUrl: string, page: string) => {
    for (const address of found) {
      const read = readAddress(address, pageUrl, siteUrl);
      if ('problem' in read) problems.push(`${page}: ${read.problem}`);
      else if (read.path !== null && !targets.has(read.path))
        targets.set(read.path, `${page} (${address.where})`);
    }
  };

  const pages = await builtPages();
  expect(pages.length).toBeGreaterThan(50);
  for (const { file, path } of pages) {
    const html = await readFile(file, 'utf8');
    const payload = /<script data-entry="[^"]*" data-payload="([^"]+)"/.exec(html)?.[1];
    if (payload === undefined) throw new Error(`${path} names no payload file.`);
    check(
      addressesInPage(html, await readFile(join(dist, payload), 'utf8')),
      absoluteUrl(siteUrl, path),
      path,
    );
  }
  const sitemap = addressesInSitemap(await readFile(join(dist, 'sitemap.xml'), 'utf8'));
  expect(sitemap.length).toBeGreaterThan(50);
  check(sitemap, `${siteUrl}/`, '/sitemap.xml');
  const robots = /^Sitemap: (.+)$/m.exec(await readFile(join(dist, 'robots.txt'), 'utf8'))?.[1] ?? '';
  check([{ where: 'robots.txt', address: robots }], `${siteUrl}/`, '/robots.txt');
  expect.soft(problems).toEqual([]);

  const missing: string[] = [];
  const targetList = [...targets];
  for (let i = 0; i < targetList.length; i += 8) {
    await Promise.all(
      targetList.slice(i, i + 8).map(async ([path, where]) => {
        if (!(await existsInDist(path))) missing.push(`${path} (from ${where}) is not in the built site`);
        const response = await request.get(absoluteUrl('', path), { maxRedirects: 0 });
        if (response.status() !== 200)
          missing.push(`${path} (from ${where}) is served with ${response.status()}`);
      }),
    );
  }
  expect(missing).toEqual([]);
  expect(targets.size).toBeGreaterThan(pages.length);
});
