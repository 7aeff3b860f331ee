/**
 * Writes dist/sitemap.xml and dist/robots.txt after the pre-render, from the
 * same route table that wrote the pages.
 *
 * - A page is listed only when its canonical address is its own path: aliases
 *   (/feature/edition, /ourProperty/{id}, /location/golfCourseExtension/…) point
 *   elsewhere, and hidden routes (/testcode, the not-found page) are left out.
 * - `lastmod` is the newest change of the sheets the page's content is built
 *   from (what the route's `load` and `meta` read of the site data), not the
 *   build time, so an unchanged page keeps its date. The frame (menus, footer)
 *   is left out: a new phone number is not new content for every page.
 *
 *   SITE_OUT=/abs/dist npx tsx pipeline/sitemap.ts      (default dist/)
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { absoluteUrl, decodePath } from '../src/data/links';
import type * as EntryServer from '../src/entry-server';
import type { PageMeta, Route } from '../src/routes/route';
import type { SiteData } from '../src/schema/site';

export interface SitemapPage {
  route: Route;
  /** Decoded path, as the route table lists it. */
  path: string;
}

export interface SitemapEntry {
  /** Absolute, percent-encoded address. */
  loc: string;
  /** ISO date-time of the newest sheet the page reads, or null when it reads none. */
  lastmod: string | null;
  /** Decoded path of the page, for finding its file. */
  path: string;
}

/**
 * Sheets behind each part of the site data. A part the pipeline adds must be
 * listed here (the sitemap refuses to guess its date).
 */
const SHEETS_OF: Record<keyof SiteData, readonly string[]> = {
  settings: ['settings.csv'],
  localities: ['localities.csv'],
  projects: ['projects.csv', 'project-highlights.csv', 'project-amenities.csv', 'project-gallery.csv'],
  preRented: ['pre-rented.csv'],
  tenants: ['pre-rented.csv'],
  featured: ['featured.csv', 'projects.csv'],
  homePreRented: ['home-pre-rented.csv'],
  testimonials: ['testimonials.csv'],
  team: ['team.csv'],
  awards: ['awards.csv'],
  builders: ['builders.csv'],
  statistics: ['statistics.csv'],
  images: [],
  updated: [],
};

/**
 * A page's meta, and the parts of the site data its content reads: its route's
 * `load` and `meta`, run on a recording view of the data.
 */
function readPage(site: SiteData, page: SitemapPage): { meta: PageMeta; parts: Set<keyof SiteData> } {
  const parts = new Set<keyof SiteData>();
  const recording = new Proxy(site, {
    get(target, key, receiver) {
      if (typeof key === 'string') parts.add(key as keyof SiteData);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const resolved = page.route.resolve(recording, page.path);
  if (resolved === null)
    throw new Error(`Route "${page.route.id}" lists ${page.path} but finds no content there.`);
  return { meta: resolved.meta, parts };
}

/** Newest change among the sheets behind the given parts of the site data. */
export function newestChange(site: SiteData, parts: Iterable<keyof SiteData>): string | null {
  let newest: { time: number; iso: string } | null = null;
  for (const part of parts) {
    const sheets = SHEETS_OF[part];
    if (sheets === undefined)
      throw new Error(
        `The sitemap does not know which sheets site data "${part}" comes from: add it to SHEETS_OF in pipeline/sitemap.ts.`,
      );
    for (const sheet of sheets) {
      const iso = site.updated[sheet];
      const time = iso === undefined ? NaN : Date.parse(iso);
      if (iso !== undefined && !Number.isNaN(time) && (newest === null || time > newest.time))
        newest = { time, iso };
    }
  }
  return newest?.iso ?? null;
}

/** Every page search engines should index: not hidden, not noindex, and its own canonical address. */
export function sitemapEntries(site: SiteData, pages: readonly SitemapPage[]): SitemapEntry[] {
  return pages.flatMap((page) => {
    if (page.route.hidden) return [];
    const { meta, parts } = readPage(site, page);
    if (meta.noindex || decodePath(meta.canonical) !== page.path) return [];
    return [
      {
        loc: absoluteUrl(site.settings.site_url, meta.canonical),
        lastmod: newestChange(site, parts),
        path: page.path,
      },
    ];
  });
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>\n${entry.lastmod === null ? '' : `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>\n`}  </url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/**
 * Crawling is allowed everywhere: a page kept out of search results (/testcode)
 * says so with `noindex`, which a crawler only sees when it may fetch the page.
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow:\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

/** The file the static host serves for a decoded path. */
function pageFile(dist: string, path: string): string {
  return join(dist, ...path.split('/').filter(Boolean), 'index.html');
}

export interface WriteSitemapOptions {
  /**
   * Set by a caller that has just pre-rendered every page of `pages` into `dist`: the sitemap then
   * takes them as written rather than looking for each (16,963 files at 10,000 records, a second).
   */
  prerendered?: boolean;
}

/** Writes sitemap.xml and robots.txt into `dist`; every listed page must have been written there. */
export async function writeSitemap(
  dist: string,
  site: SiteData,
  pages: readonly SitemapPage[],
  options: WriteSitemapOptions = {},
): Promise<SitemapEntry[]> {
  const entries = sitemapEntries(site, pages);
  const missing: string[] = [];
  if (options.prerendered !== true)
    for (const entry of entries) {
      if (!(await stat(pageFile(dist, entry.path)).catch(() => null))?.isFile()) missing.push(entry.path);
    }
  if (missing.length > 0) {
    throw new Error(
      `The sitemap would list pages that were not pre-rendered into ${dist}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. Run the pre-render first.`,
    );
  }
  await writeFile(join(dist, 'sitemap.xml'), sitemapXml(entries));
  await writeFile(join(dist, 'robots.txt'), robotsTxt(site.settings.site_url));
  return entries;
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const dist = resolve(root, process.env.SITE_OUT ?? 'dist');
  const site = JSON.parse(await readFile(join(root, 'src/generated/site-data.json'), 'utf8')) as SiteData;
  const server = (await import(pathToFileURL(`${dist}-ssr/entry-server.js`).href)) as typeof EntryServer;
  const entries = await writeSitemap(dist, site, server.allPages(site));
  console.log(
    `Sitemap: ${entries.length} pages → ${join(dist, 'sitemap.xml')}; robots.txt points at ${site.settings.site_url}/sitemap.xml.`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
