import type { LocalityLink } from '../data/localities';
import type { PageData, PageName } from '../data/page-data/page-data';
import type { NavLink, NavMenu } from '../routes/route';
import type { ImageAsset, SiteData } from '../schema/site';

/** What every page's frame (header, footer, pop-up) needs. */
export interface LayoutData {
  settings: SiteData['settings'];
  localities: LocalityLink[];
  nav: Record<NavMenu, NavLink[]>;
  /** The year the site was built, in India: the footer's copyright year. */
  year: number;
}

/** Files the page's <head> links, from Vite's manifest. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
  fontPreloads: string[];
}

/**
 * Everything the page's body renders from; pre-rendered into the page and read back to hydrate
 * it. The head (title, share tags, JSON-LD, file links) is written by the server alone and is
 * not hydrated, so none of it travels twice.
 */
export interface PagePayload {
  routeId: string;
  /** The route's page component, so the browser can load it without the route table. */
  pageName: PageName;
  /** Decoded path of the page. */
  path: string;
  page: PageData[PageName];
  layout: LayoutData;
  images: Record<string, ImageAsset>;
}

export const PAYLOAD_ELEMENT_ID = '__DATA__';

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON that is safe inside a <script> element: it can never close it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  // One pass over the text: every page serialises its payload, so this runs once per page built.
  return JSON.stringify(value).replace(
    SCRIPT_UNSAFE,
    (unsafe) => `\\u${unsafe.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
