/**
 * The sitemap and robots.txt, which the pre-render (prerender.ts) writes from
 * the pages it wrote, with the same route table.
 *
 * - A page is listed only when its canonical address is its own path: aliases
 *   (/feature/edition, /ourProperty/{id}, /location/golfCourseExtension/…) point
 *   elsewhere, and hidden routes (/testcode, the not-found page) are left out.
 * - `lastmod` is the newest change of the sheets the page's content is built
 *   from (what the route's `load` and `meta` read of the site data), not the
 *   build time, so an unchanged page keeps its date. The frame (menus, footer)
 *   is left out: a new phone number is not new content for every page.
 */
import { absoluteUrl, decodePath } from '../src/data/links';
import type { PageMeta, Route } from '../src/routes/route';
import { resolveReading } from '../src/routes/route';
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

/**
 * The page's entry in the sitemap, from its head's meta and the parts of the site data its route
 * read (resolveReading); null for a page search engines should not index: hidden, noindex, or
 * not its own canonical address.
 */
export function sitemapEntry(
  site: SiteData,
  { route, path }: SitemapPage,
  meta: PageMeta,
  reads: Iterable<keyof SiteData>,
): SitemapEntry | null {
  if (route.hidden || meta.noindex || decodePath(meta.canonical) !== path) return null;
  return {
    loc: absoluteUrl(site.settings.site_url, meta.canonical),
    lastmod: newestChange(site, reads),
    path,
  };
}

/** Every page search engines should index (sitemapEntry), each route's page found anew. */
export function sitemapEntries(site: SiteData, pages: readonly SitemapPage[]): SitemapEntry[] {
  return pages.flatMap((page) => {
    if (page.route.hidden) return [];
    const found = resolveReading(page.route, site, page.path);
    if (found === null)
      throw new Error(`Route "${page.route.id}" lists ${page.path} but finds no content there.`);
    return sitemapEntry(site, page, found.page.meta, found.reads) ?? [];
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
