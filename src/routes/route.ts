import type { PageData, PageName } from '../data/page-data/page-data';
import type { SiteReading } from '../data/reads';
import { readingSite } from '../data/reads';
import type { SiteData } from '../schema/site';

/** Menus a route can appear in; each is rendered from the route table. */
export type NavMenu =
  | 'residential'
  | 'commercial'
  | 'main'
  /** The phone's menu panel, in the order of each route's `nav.mobile`. */
  | 'mobile'
  | 'footer-property'
  | 'footer-sellers'
  | 'footer-company'
  | 'footer-legal';

/** One link of a menu. */
export interface NavLink {
  label: string;
  /** Path as a browser sends it (percent-encoded). */
  href: string;
}

interface Breadcrumb {
  name: string;
  /** Path as a browser sends it (percent-encoded). */
  path: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Canonical path, percent-encoded; filtered or sorted views point at their base page. */
  canonical: string;
  /** Path of the image under sheets/images for link previews; the site's default when absent. */
  image?: string | null;
  noindex?: boolean;
  breadcrumbs?: Breadcrumb[];
  /** schema.org objects describing what the page shows, in addition to the brokerage. */
  structuredData?: Record<string, unknown>[];
}

export interface RouteDef<K extends PageName> {
  id: string;
  /** Every concrete path of this route, decoded (e.g. "/preRentedList/SBI Bank"). */
  paths: (site: SiteData) => string[];
  /** Exactly the data the page needs, or null when the path names nothing (a not-found page). */
  load: (site: SiteData, path: string) => PageData[K] | null;
  meta: (data: PageData[K], site: SiteData, path: string) => PageMeta;
  /** The page component, by its name in src/pages (`PageData`): it must take what `load` returns. */
  page: K;
  nav?: RouteNav;
  /** Left out of the sitemap (and marked noindex). */
  hidden?: boolean;
  /**
   * For a path that is another spelling of one of the route's earlier paths (a locality's route
   * alias), that path, decoded; null for any other. A page whose content is its original's is the
   * same document, so the pre-render writes it once and links it under both addresses.
   */
  original?: (site: SiteData, path: string) => string | null;
}

interface RouteNav {
  label: string;
  menus: readonly NavMenu[];
  /** Place in the phone's menu panel (the desktop menu's entries first, then the pages only the footer links); absent: not in it. */
  mobile?: number;
}

/** What a route finds at one of its paths: the page's data and its head. */
interface ResolvedPage {
  data: PageData[PageName];
  meta: PageMeta;
}

/**
 * A route as the table holds it, whichever its page. Its data and head come
 * together from `resolve`, which `defineRoute` built while it still knew the
 * route's page, so the table needs no cast to fit routes of different pages.
 */
export interface Route extends Omit<RouteDef<PageName>, 'meta'> {
  resolve: (site: SiteData, path: string) => ResolvedPage | null;
}

export function defineRoute<K extends PageName>(route: RouteDef<K>): Route {
  const { meta, ...rest } = route;
  return {
    ...rest,
    resolve: (site, path) => {
      const data = route.load(site, path);
      return data === null ? null : { data, meta: meta(data, site, path) };
    },
  };
}

/**
 * What `route` finds at `path`, and what it read to find it (a page reads few parts of the site
 * data, and little of each): the sitemap dates each page by the sheets behind the parts, and a
 * build against an earlier one reads again only the pages whose inputs changed (data/reads.ts).
 * The reading goes on after the route's: the pictures a page names are looked up in it too.
 */
export function resolveReading(
  route: Route,
  site: SiteData,
  path: string,
): { page: ResolvedPage; reads: (keyof SiteData)[]; reading: SiteReading } | null {
  const reading = readingSite(site);
  const page = route.resolve(reading.site, path);
  return page === null ? null : { page, reads: [...reading.parts], reading };
}

/** Last path segment, decoded, of a path such as /preRentedList/SBI Bank. */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The segments of a decoded path, without the leading empty one. */
export function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}
