/**
 * Addresses built from sheet values, in one place so every page links alike.
 *
 * A page's path comes in two forms: decoded, as the route table lists it and
 * the built site names its folders (/preRentedList/SBI Bank), and
 * percent-encoded, as links, canonical addresses and the sitemap write it
 * (/preRentedList/SBI%20Bank). `pagePath` makes the second from sheet values;
 * `absoluteUrl` is the only maker of addresses with the site's domain.
 */

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

/** A path in either form, percent-encoded once: a page key never holds "%", so every "%" in a path starts an escape. */
export function encodePath(path: string): string {
  return pagePath(...pathSegments(path));
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

/** Path of a tenant's page; the tenant name is the key. */
export function tenantPath(tenant: string): string {
  return pagePath('preRentedList', tenant);
}

export function localityPath(route: string): string {
  return pagePath('location', route);
}

export function localityTenantPath(route: string, tenant: string): string {
  return pagePath('location', route, tenant);
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

/** The page a locality's pre-rented card opens: the locality's own tenant page when it has them, else the tenant's page. */
export function localityRecordPath(
  locality: { route: string; tenant_pages: boolean },
  tenant: string,
): string {
  return locality.tenant_pages ? localityTenantPath(locality.route, tenant) : tenantPath(tenant);
}

/** The chat message a visitor sends about one pre-rented property: the greeting, then the tenant and building. */
export function preRentedEnquiryText(greeting: string, record: { tenant: string; building: string }): string {
  return `${greeting} the pre-rented property leased to ${record.tenant} at ${record.building}.`;
}

/** The contact page, whose form takes an enquiry when the pop-up cannot open (before the page's script runs). */
export const CONTACT_PATH = '/contactUs';

/** Addresses of the listing pages, shared by the route table and the links between them. */
export const LISTING_PATHS = {
  home: '/',
  underConstruction: '/ourProperty',
  residential: '/residential',
  preRented: '/preRentedList',
  table: '/preRentedTable',
  newDevelopment: '/newDevelopment',
  listWithUs: '/listWithUs',
} as const;
