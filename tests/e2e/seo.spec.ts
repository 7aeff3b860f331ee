/**
 * What search engines and link previews read, in the served HTML of every page:
 * titles, one h1, canonical, description, Open Graph and Twitter tags, JSON-LD,
 * and the sitemap and robots.txt.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import type { ExpectedPage } from './routes-data';
import { PAGES, site, unescapeHtml } from './routes-data';
import { projectData } from '../../src/routes/structured-data';
import { PATHS } from '../../src/data/links';

const siteUrl = site.settings.site_url;

interface Head {
  page: ExpectedPage;
  html: string;
  titles: string[];
  h1s: number;
  canonical: string | null;
  meta: Map<string, string[]>;
  jsonLd: Record<string, unknown>[];
}

/** Text of an XML element, its five entities undone. */
function unescapeXml(text: string): string {
  return text
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** content of <meta name|property=…> by name, in order. */
function metaTags(html: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\s(?:name|property)="([^"]+)"/.exec(tag)?.[1];
    const content = /\scontent="([^"]*)"/.exec(tag)?.[1];
    if (key !== undefined && content !== undefined)
      found.set(key, [...(found.get(key) ?? []), unescapeHtml(content)]);
  }
  return found;
}

async function readHead(request: APIRequestContext, page: ExpectedPage): Promise<Head> {
  const response = await request.get(page.url);
  expect(response.status(), page.url).toBe(200);
  const html = await response.text();
  return {
    page,
    html,
    titles: [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => unescapeHtml(m[1] ?? '')),
    h1s: html.match(/<h1[\s>]/g)?.length ?? 0,
    canonical: unescapeHtml(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '') || null,
    meta: metaTags(html),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
    ),
  };
}

let heads: Head[] = [];

test.beforeAll(async ({ request }) => {
  heads = [];
  for (let i = 0; i < PAGES.length; i += 16)
    heads.push(...(await Promise.all(PAGES.slice(i, i + 16).map((page) => readHead(request, page)))));
});

/** Pages that are their own canonical address: the ones search engines index. */
const indexable = () =>
  heads.filter(
    (h) => decodeURIComponent(h.page.canonical) === decodeURIComponent(h.page.url) && !h.meta.has('robots'),
  );
const types = (head: Head) => head.jsonLd.map((entry) => entry['@type']);

test('every page has one title, one h1, a description and its canonical address', () => {
  for (const head of heads) {
    const where = head.page.path;
    expect(head.titles, where).toHaveLength(1);
    expect(head.titles[0], where).toContain(head.page.title);
    expect(head.h1s, `h1 elements on ${where}`).toBe(1);
    // A noindex page names no canonical address (the two signals would contradict each other).
    expect(head.canonical, where).toBe(head.meta.has('robots') ? null : `${siteUrl}${head.page.canonical}`);
    const description = head.meta.get('description') ?? [];
    expect(description, where).toHaveLength(1);
    if (!head.meta.has('robots'))
      expect(description[0]?.length ?? 0, `description of ${where}`).toBeGreaterThan(40);
    expect(head.html, where).toMatch(/^<!DOCTYPE html><html lang="en-IN"/i);
  }
});

test('titles are unique among the pages search engines index', () => {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const head of indexable()) {
    const title = head.titles[0] ?? '';
    const first = seen.get(title);
    if (first !== undefined) duplicates.push(`"${title}" on ${first} and ${head.page.path}`);
    seen.set(title, head.page.path);
  }
  expect(duplicates).toEqual([]);
});

test('link previews get a title, description, address and, where there is one, an absolute image with its size', () => {
  for (const head of heads) {
    const one = (key: string) => head.meta.get(key)?.[0];
    const where = head.page.path;
    expect(one('og:title'), where).toBe(head.titles[0]);
    expect(one('og:description'), where).toBe(one('description'));
    expect(one('og:url') ?? null, where).toBe(head.canonical);
    expect(one('twitter:card'), where).toMatch(/^summary(_large_image)?$/);
    const image = one('og:image');
    if (image !== undefined) {
      expect(image, where).toMatch(new RegExp(`^${siteUrl}/media/.+\\.(jpg|png)$`));
      expect(Number(one('og:image:width')), where).toBeGreaterThan(0);
      expect(Number(one('og:image:height')), where).toBeGreaterThan(0);
      expect(one('twitter:image'), where).toBe(image);
    }
  }
});

test("a project page shares the project's hero picture", () => {
  for (const project of site.projects) {
    const head = heads.find((h) => h.page.path === decodeURIComponent(project.path));
    const hero = site.images[project.hero_image];
    expect(head, project.path).toBeDefined();
    expect(head?.meta.get('og:image')?.[0], project.path).toBe(`${siteUrl}${hero?.url ?? ''}`);
  }
});

test('JSON-LD: the brokerage everywhere, breadcrumbs on nested pages, and what project and tenant pages show', () => {
  for (const head of heads) {
    const where = head.page.path;
    expect(types(head), where).toContain('RealEstateAgent');
    for (const entry of head.jsonLd) expect(entry['@context'], where).toBe('https://schema.org');
    const crumbs = head.jsonLd.find((entry) => entry['@type'] === 'BreadcrumbList');
    if (crumbs) {
      for (const item of crumbs.itemListElement as { item: string }[])
        expect(item.item.startsWith(`${siteUrl}/`), where).toBe(true);
    }
  }
  const ofRoute = (ids: string[]) => heads.filter((h) => ids.includes(h.page.routeId));
  for (const head of ofRoute(['feature', 'property', 'our-property-detail'])) {
    expect(
      types(head).some((t) => t === 'Place' || t === 'ApartmentComplex'),
      head.page.path,
    ).toBe(true);
    expect(types(head), head.page.path).toContain('BreadcrumbList');
    // The page ships the very builder the unit tests check, not a copy of it.
    const project = site.projects.find((p) => p.path === head.page.canonical);
    if (!project) throw new Error(`${head.page.path} names no project of the sheets.`);
    expect(
      head.jsonLd.find((entry) => entry['@id'] === `${siteUrl}${project.path}#project`),
      head.page.path,
    ).toEqual(projectData(project, site));
  }
  for (const head of ofRoute(['tenant', 'locality-tenant'])) {
    expect(types(head), head.page.path).toContain('RealEstateListing');
    expect(types(head), head.page.path).toContain('BreadcrumbList');
  }
});

test('the sitemap lists exactly the indexable pages, each with a lastmod from the sheets', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  const urls = [
    ...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/url>/g),
  ].map((m) => ({
    loc: unescapeXml(m[1] ?? ''),
    lastmod: m[2] ?? null,
  }));
  expect(urls.length).toBe(xml.match(/<url>/g)?.length);
  expect(urls.map((u) => u.loc).sort()).toEqual(
    indexable()
      .map((h) => h.canonical)
      .sort(),
  );
  const sheetDates = new Set(Object.values(site.updated));
  for (const { loc, lastmod } of urls.filter((u) => u.lastmod !== null))
    expect(sheetDates.has(lastmod ?? ''), loc).toBe(true);
  for (const path of ['/', PATHS.preRented, PATHS.preRentedTable])
    expect(urls.find((u) => u.loc === `${siteUrl}${path}`)?.lastmod, path).not.toBeNull();
  expect(xml).not.toContain(PATHS.testCode);
});

test('robots.txt points at the sitemap; /testcode and the not-found page are noindex', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  expect(heads.find((h) => h.page.path === PATHS.testCode)?.meta.get('robots')).toEqual(['noindex']);
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  const notFound = await missing.text();
  expect(notFound).toContain('<meta name="robots" content="noindex"/>');
  expect(notFound).not.toContain('rel="canonical"');
});

test('hydration leaves the head as the server wrote it: the browser renders no head of its own', async ({
  page,
}) => {
  const tenant = PAGES.find((p) => p.routeId === 'tenant');
  if (!tenant) throw new Error('The sheets list no tenant page.');
  const served = heads.find((h) => h.page.url === tenant.url);
  await page.goto(tenant.url);
  await hydrated(page);
  const live = await page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    metas: document.head.querySelectorAll('meta').length,
    jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as unknown,
    ),
    payload: document.querySelector<HTMLScriptElement>('script[data-payload]')?.dataset.payload ?? '',
  }));
  expect(live.title).toBe(served?.titles[0]);
  expect(live.canonical).toBe(served?.canonical);
  const servedHead = served?.html.slice(0, served.html.indexOf('</head>')) ?? '';
  expect(live.metas).toBe(servedHead.match(/<meta\b/g)?.length);
  expect(live.jsonLd).toEqual(served?.jsonLd);
  expect(live.jsonLd.length).toBeGreaterThanOrEqual(3);
  const payload = await page.request.get(live.payload);
  expect(payload.ok(), live.payload).toBe(true);
  expect(await payload.text()).not.toContain('"structuredData"');
});
