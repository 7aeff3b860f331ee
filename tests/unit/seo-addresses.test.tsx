/**
 * One function makes every absolute address, percent-encoding each path
 * segment once. Over pages rendered from sheets whose keys hold spaces, "&",
 * apostrophes, brackets and accents, every address (sitemap, canonical,
 * og:url, JSON-LD, links, payload) parses as written and leads to a page.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { sitemapEntries } from '../../pipeline/sitemap';
import { absoluteUrl, decodePath, encodePath, pagePath } from '../../src/data/links';
import { BOOT_SCRIPT, layoutData, pageDocument, renderDocument } from '../../src/entry-server';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';
import { addressesInPage, readAddress } from '../e2e/site-urls';
import { sheetSet } from '../pipeline/fixtures';

describe('page paths and absolute addresses', () => {
  it('encodes each segment once, keeping what a path holds as it is', () => {
    expect(pagePath('preRentedList', 'SBI Bank')).toBe('/preRentedList/SBI%20Bank');
    expect(pagePath('preRentedList', 'Haldiram’s & Co, (Delhi)')).toBe(
      '/preRentedList/Haldiram%E2%80%99s%20&%20Co,%20(Delhi)',
    );
    expect(pagePath('terms&Condition')).toBe('/terms&Condition');
    expect(pagePath()).toBe('/');
  });

  it('takes a path in either form and encodes it once', () => {
    const encoded = '/location/Golf%20Course%20Road/Caf%C3%A9';
    expect(encodePath('/location/Golf Course Road/Café')).toBe(encoded);
    expect(encodePath(encoded)).toBe(encoded);
    expect(decodePath(encoded)).toBe('/location/Golf Course Road/Café');
    expect(absoluteUrl('https://www.example.in', encoded)).toBe(`https://www.example.in${encoded}`);
    expect(absoluteUrl('https://www.example.in', '/')).toBe('https://www.example.in/');
    expect(() => encodePath('/100%')).toThrow('holds a "%" that starts no escape');
  });

  it('gives a path that needs no encoding as it is, and still tidies its slashes', () => {
    expect(encodePath('/media/pre-rented/airtel-1-f9572f4e.jpg')).toBe(
      '/media/pre-rented/airtel-1-f9572f4e.jpg',
    );
    expect(encodePath("/terms&Condition/it's_(1),2~3*4!")).toBe("/terms&Condition/it's_(1),2~3*4!");
    expect(encodePath('/preRentedList/Airtel/')).toBe('/preRentedList/Airtel');
    expect(encodePath('//preRentedList//Airtel')).toBe('/preRentedList/Airtel');
    expect(encodePath('/')).toBe('/');
    expect(encodePath('/preRentedList/Café:1')).toBe('/preRentedList/Caf%C3%A9%3A1');
  });
});

/** The valid fixture set with keys that need encoding: a tenant, a locality route and its alias, a project slug. */
const KEYS: [from: RegExp, to: string][] = [
  [/SBI Bank/g, 'Café & Co’s (Delhi)'],
  [/golfCourseRoad/g, 'Golf Course Road'],
  [/golfCourseExtension\b/g, "Golf Course Ext'n"],
  [/joyDistrict/g, 'Joy District & Co'],
];

let dir: string;
let site: SiteData;

beforeAll(async () => {
  dir = await sheetSet(null, async (copy) => {
    for (const file of (await readdir(copy)).filter((f) => f.endsWith('.csv'))) {
      const text = await readFile(join(copy, file), 'utf8');
      await writeFile(
        join(copy, file),
        KEYS.reduce((t, [from, to]) => t.replace(from, to), text),
      );
    }
  });
  const loaded = await loadSite({ sheetsDir: dir });
  expect(loaded.problems).toEqual([]);
  if (loaded.site === null) throw new Error('The fixture sheets with unusual keys did not load.');
  site = loaded.site;
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('addresses of pages whose keys need encoding', () => {
  it(
    'every address parses as written and leads to a page or picture of the site',
    { timeout: 60_000 },
    async () => {
      const siteUrl = site.settings.site_url;
      const pages = allPages(site);
      const known = new Set([
        ...pages.map((p) => p.path),
        ...Object.values(site.images).flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]),
        '/favicon.svg',
      ]);
      expect(known).toContain('/preRentedList/Café & Co’s (Delhi)');
      expect(known).toContain('/location/Golf Course Road/Café & Co’s (Delhi)');
      expect(known).toContain('/feature/Joy District & Co');

      const problems: string[] = [];
      const layout = layoutData(site);
      const assets = { entry: '/assets/entry.js', boot: BOOT_SCRIPT, scripts: [], fonts: [] };
      for (const { route, path } of pages) {
        const document = pageDocument(site, layout, route, path, assets);
        if (document === null) throw new Error(`No content at ${path}`);
        for (const found of addressesInPage(await renderDocument(document), document.payloadJson)) {
          const read = readAddress(found, absoluteUrl(siteUrl, path), siteUrl);
          if ('problem' in read) problems.push(`${path}: ${read.problem}`);
          else if (read.path !== null && !read.path.startsWith('/assets/') && !known.has(read.path))
            problems.push(`${path}: ${found.where} "${found.address}" leads to no page`);
        }
      }
      for (const entry of sitemapEntries(site, pages)) {
        const read = readAddress({ where: 'sitemap', address: entry.loc }, `${siteUrl}/`, siteUrl);
        if ('problem' in read) problems.push(read.problem);
        else if (read.path !== entry.path) problems.push(`sitemap: ${entry.loc} is not ${entry.path}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
