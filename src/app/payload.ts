import type { LocalityLink } from '../data/localities';
import type { PageData, PageName } from '../data/page-data/page-data';
import type { NavLink, NavMenu } from '../routes/route';
import type { ImageAsset, SiteData } from '../schema/site';
import type { WebFont } from './fonts';

/** What every page's frame (header, footer, pop-up) needs. */
export interface LayoutData {
  settings: SiteData['settings'];
  localities: LocalityLink[];
  nav: Record<NavMenu, NavLink[]>;
  /** The year the site was built, in India: the footer's copyright year. */
  year: number;
}

/**
 * The files a page names in its <head>, from Vite's manifest. Its styles are written in after
 * it renders (pipeline/critical-css.ts).
 */
export interface PageAssets {
  /** The script that hydrates the page, which the boot script (boot.ts) loads once the lead picture has painted. */
  entry: string;
  /** The boot script as the head carries it: BOOT_SCRIPT, minified in a build. */
  boot: string;
  /** Scripts loaded at once, with the page: the dev server's own. */
  scripts: string[];
  /** The web fonts, for the boot script and the entry to fetch and draw with. */
  fonts: WebFont[];
}

/**
 * Everything the page's body renders from. The pre-render writes it to a file of its own, named
 * by its content (`payloadAddress`), which the page fetches to hydrate only once its lead
 * picture has painted: in the HTML it would make every phone wait for it before the picture.
 * The head (title, share tags, JSON-LD, file links) is written by the server alone and is not
 * hydrated, so none of it travels twice.
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

/** Where the payloads are served: beside the build's other files named by their content. */
export const PAYLOAD_FOLDER = '/assets/pages/';

/** The address of a payload file, named by the SHA-256 of its text (in hex). */
export function payloadAddress(sha256hex: string): string {
  return `${PAYLOAD_FOLDER}${sha256hex.slice(0, 16)}.json`;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON made safe inside a <script> element: it can never close it or open a comment. */
export function scriptSafe(json: string): string {
  // One pass over the text: every page writes its JSON-LD, so this runs once per page built.
  return json.replace(SCRIPT_UNSAFE, (unsafe) => `\\u${unsafe.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON that is safe inside a <script> element (scriptSafe). */
export const scriptSafeJson = (value: unknown): string => scriptSafe(JSON.stringify(value));

const jsonTexts = new WeakMap<object, string>();

/**
 * JSON.stringify(value), made once for the object: a page's JSON-LD (5 KB on a tenant page) is
 * read by its digest, then written in its head. The object must not change once read.
 */
export function jsonOf(value: object): string {
  let text = jsonTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonTexts.set(value, text);
  }
  return text;
}
