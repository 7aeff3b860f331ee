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

export interface PageProps<D> {
  data: D;
}

export interface RouteDef<D> {
  id: string;
  /** Every concrete path of this route, decoded (e.g. "/preRentedList/SBI Bank"). */
  paths: (site: SiteData) => string[];
  /** Exactly the data the page needs, or null when the path names nothing (a not-found page). */
  load: (site: SiteData, path: string) => D | null;
  meta: (data: D, site: SiteData, path: string) => PageMeta;
  /** Name of the page component: its file under src/pages and its named export. */
  page: string;
  nav?: RouteNav;
  /** Left out of the sitemap (and marked noindex). */
  hidden?: boolean;
}

interface RouteNav {
  label: string;
  menus: readonly NavMenu[];
  /** Place in the phone's menu panel (the desktop menu's entries first, then the pages only the footer links); absent: not in it. */
  mobile?: number;
}

/** A route with its data type erased, so routes of different pages fit one table. */
export interface AnyRoute {
  id: string;
  paths: (site: SiteData) => string[];
  load: (site: SiteData, path: string) => unknown;
  meta: (data: never, site: SiteData, path: string) => PageMeta;
  page: string;
  nav?: RouteNav;
  hidden?: boolean;
}

export const defineRoute = <D>(route: RouteDef<D>): AnyRoute => route as unknown as AnyRoute;

/** Last path segment, decoded, of a path such as /preRentedList/SBI Bank. */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The segments of a decoded path, without the leading empty one. */
export function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}
