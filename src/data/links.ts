/**
 * Every address of the site, each written once, and how addresses are
 * written, so every page links alike. The route table, links, menus,
 * breadcrumbs, the sitemap and the tests all take a page's address from here.
 * The addresses are the old site's, kept so links and search results that
 * point at them still work: odd spellings such as /interativeMap and
 * /terms&Condition are deliberate and must not be "corrected".
 *
 * A page's path comes in two forms: decoded, as the route table lists it and
 * the built site names its folders (/preRentedList/SBI Bank), and
 * percent-encoded, as links, canonical addresses and the sitemap write it
 * (/preRentedList/SBI%20Bank). `pagePath` makes the second from sheet values;
 * `absoluteUrl` is the only maker of addresses with the site's domain.
 */

import type { ProjectEntry } from '../schema/site';

/**
 * One path segment, percent-encoded as a browser's address bar shows it. "&"
 * and "," stay as they are: a path holds them literally (/terms&Condition).
 */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%26|%2C/g, (escape) => (escape === '%26' ? '&' : ','));
}

function decodeSegment(segment: string, path: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new Error(`"${path}" is not a page path: "${segment}" holds a "%" that starts no escape.`);
  }
}

/** The percent-encoded path of a page from its decoded segments: pagePath('preRentedList', 'SBI Bank') is /preRentedList/SBI%20Bank. */
export function pagePath(...segments: string[]): string {
  return `/${segments.map(encodeSegment).join('/')}`;
}

/** The decoded segments of a path in either form, without the leading empty one. */
function pathSegments(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeSegment(segment, path));
}

/**
 * A path whose segments hold only what encodeSegment leaves as it is, each segment not empty: it
 * is its own encoded form. Most are (/media/…, /preRentedList/Airtel), and every page asks for
 * a dozen, so they skip the round of decoding and encoding.
 */
const ENCODED_AS_IS = /^(?:\/[\w\-.!~*'()&,]+)+$/;

/** A path in either form, percent-encoded once: a page key never holds "%", so every "%" in a path starts an escape. */
export function encodePath(path: string): string {
  return ENCODED_AS_IS.test(path) ? path : pagePath(...pathSegments(path));
}

/** A path in either form, decoded: the form the route table lists. */
export function decodePath(path: string): string {
  return `/${pathSegments(path).join('/')}`;
}

/**
 * The absolute address of a path of the site (a page, in either form, or a
 * file such as /media/…), with each segment percent-encoded once. Every address
 * that leaves the site with its domain (sitemap, canonical link, og:url,
 * JSON-LD, robots.txt) is made here.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${encodePath(path)}`;
}

/** The pages whose address holds no sheet value. */
export const PATHS = {
  home: '/',
  underConstruction: '/ourProperty',
  residential: '/residential',
  preRented: '/preRentedList',
  preRentedTable: '/preRentedTable',
  newDevelopment: '/newDevelopment',
  listWithUs: '/listWithUs',
  aboutUs: '/aboutUs',
  achievements: '/achievements',
  /** The contact page, whose form also takes an enquiry when the pop-up cannot open (before the page's script runs). */
  contactUs: '/contactUs',
  clientAppointment: '/clientAppointment',
  interactiveMap: '/interativeMap',
  privacyPolicy: '/privacyPolicy',
  terms: '/terms&Condition',
  testCode: '/testcode',
  notFound: '/404',
  /** The "property" section's landing page: its first project. */
  property: '/property',
} as const;

/** Folder of the locality pages; it is no page itself. */
const LOCALITIES = '/location';

/** Folder of each section a project's page can live under (its sheet's `page` column). */
const PROJECT_SECTIONS: Record<ProjectEntry['page'], string> = {
  feature: '/feature',
  property: PATHS.property,
};

/** A page below a fixed address, named by sheet values: below('/preRentedList', 'SBI Bank') is /preRentedList/SBI%20Bank. */
const below = (base: string, ...segments: string[]): string => `${base}${pagePath(...segments)}`;

/** Path of a tenant's page; the tenant name is the key. */
export function tenantPath(tenant: string): string {
  return below(PATHS.preRented, tenant);
}

/** Path of a locality's page, by its route or one of its aliases. */
export function localityPath(route: string): string {
  return below(LOCALITIES, route);
}

/** Path of one tenant's page within a locality that has tenant pages. */
export function localityTenantPath(route: string, tenant: string): string {
  return below(LOCALITIES, route, tenant);
}

/** The page a locality's pre-rented card opens: the locality's own tenant page when it has them, else the tenant's page. */
export function localityRecordPath(
  locality: { route: string; tenant_pages: boolean },
  tenant: string,
): string {
  return locality.tenant_pages ? localityTenantPath(locality.route, tenant) : tenantPath(tenant);
}

/** Path of a project's page under its section, by its slug or one of its aliases: /feature/{slug} or /property/{slug}. */
export function projectPath(section: ProjectEntry['page'], slug: string): string {
  return below(PROJECT_SECTIONS[section], slug);
}

/** The listing of every project of a type: /residential, or /ourProperty for commercial projects. */
export function projectListingPath(type: ProjectEntry['type']): string {
  return type === 'Residential' ? PATHS.residential : PATHS.underConstruction;
}

/** Path of a project's page in the under-construction listing: /ourProperty/{slug}. */
export function underConstructionProjectPath(slug: string): string {
  return below(PATHS.underConstruction, slug);
}

export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailLink(email: string): string {
  return `mailto:${email}`;
}

/** A WhatsApp chat with the brokerage, the visitor's first message already typed. */
export function chatLink(chatNumber: string, text: string): string {
  return `https://wa.me/${chatNumber}?text=${encodeURIComponent(text)}`;
}

/** The chat message a visitor sends about one pre-rented property: the greeting, then the tenant and building. */
export function preRentedEnquiryText(greeting: string, record: { tenant: string; building: string }): string {
  return `${greeting} the pre-rented property leased to ${record.tenant} at ${record.building}.`;
}

/** The chat message a visitor sends about every property leased to one tenant (`tenant` may name a locality too). */
export function tenantEnquiryText(greeting: string, tenant: string): string {
  return `${greeting} the pre-rented properties leased to ${tenant}.`;
}
