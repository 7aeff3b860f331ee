/**
 * Every address a built page gives out: its canonical link, Open Graph and
 * Twitter tags, every string of its JSON-LD, the links and picture sources of
 * its body, and the links of its payload; and the <loc> entries of the sitemap.
 * Shared by the browser test over the built site and the unit test over pages
 * rendered from sheets whose keys hold spaces, "&", quotes and accents.
 */
import { unescapeHtml } from './routes-data';

export interface FoundAddress {
  /** Where the address was found, for the failure message. */
  where: string;
  /** The address as written, HTML entities undone. */
  address: string;
}

/** Payload fields that hold addresses; other strings in the payload are text. */
const PAYLOAD_ADDRESS_FIELDS = new Set(['path', 'href', 'url', 'canonical', 'enquiryHref', 'chatHref']);

function stringsIn(value: unknown, keep: (key: string, text: string) => boolean, key = ''): string[] {
  if (typeof value === 'string') return keep(key, value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => stringsIn(item, keep, key));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringsIn(v, keep, k));
  return [];
}

const looksLikeAddress = (text: string) => /^(https?:\/\/|\/)/.test(text);

/** Every address in the HTML of one page and in its payload (the JSON text its boot script names). */
export function addressesInPage(html: string, payload: string): FoundAddress[] {
  const found: FoundAddress[] = [];
  const add = (where: string, address: string) => found.push({ where, address: unescapeHtml(address) });
  for (const [, href] of html.matchAll(/<link\b[^>]*\brel="canonical"[^>]*\bhref="([^"]*)"/g))
    add('canonical', href ?? '');
  for (const [, name, content] of html.matchAll(
    /<meta\b[^>]*\b(?:property|name)="((?:og|twitter):(?:url|image))"[^>]*\bcontent="([^"]*)"/g,
  ))
    add(name ?? 'meta', content ?? '');
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    for (const text of stringsIn(JSON.parse(json ?? 'null'), (_key, s) => looksLikeAddress(s)))
      found.push({ where: 'JSON-LD', address: text });
  }
  for (const [, tag, attribute, value] of html.matchAll(
    /<(a|img|source)\b[^>]*?\b(href|src|srcset)="([^"]*)"/g,
  )) {
    const addresses =
      attribute === 'srcset'
        ? (value ?? '').split(',').map((c) => c.trim().split(/\s+/)[0] ?? '')
        : [value ?? ''];
    for (const address of addresses)
      if (!/^(tel|mailto):/.test(address)) add(`<${tag} ${attribute}>`, address);
  }
  const keep = (key: string, text: string) => PAYLOAD_ADDRESS_FIELDS.has(key) && looksLikeAddress(text);
  // The payload's own `path` is the page's decoded path, not a link: the route table's form.
  const { path: _own, ...rest } = JSON.parse(payload) as Record<string, unknown>;
  for (const text of stringsIn(rest, keep)) found.push({ where: 'payload', address: text });
  return found;
}

/** The <loc> entries of a sitemap. */
export function addressesInSitemap(xml: string): FoundAddress[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => ({
    where: 'sitemap',
    address: unescapeHtml((loc ?? '').replace(/&apos;/g, "'")),
  }));
}

/**
 * What is wrong with an address found on the page at `pageUrl`, or its decoded
 * path when it is on the site (null when it is on another site). Wrong means it
 * does not parse, or its path is not written as a parser writes it back: a raw
 * space or accent that a strict reader (a sitemap) refuses.
 */
export function readAddress(
  found: FoundAddress,
  pageUrl: string,
  siteUrl: string,
): { path: string | null } | { problem: string } {
  const { address, where } = found;
  if (address.startsWith('#') || address.startsWith('?')) return { path: null };
  if (!URL.canParse(address, pageUrl)) return { problem: `${where}: "${address}" does not parse` };
  const url = new URL(address, pageUrl);
  // The path is what a strict reader checks; a query may hold what a path must encode (an apostrophe).
  const beforeQuery = address.split(/[?#]/)[0] ?? '';
  const written = address.startsWith('/') ? url.pathname : `${url.origin}${url.pathname}`;
  // "https://schema.org" and "https://schema.org/" are the same address.
  if (written !== beforeQuery && written !== `${beforeQuery}/`)
    return {
      problem: `${where}: "${address}" should be written "${written}${address.slice(beforeQuery.length)}"`,
    };
  if (url.origin !== new URL(siteUrl).origin) return { path: null };
  try {
    return { path: decodeURIComponent(url.pathname) };
  } catch {
    return { problem: `${where}: "${address}" holds a broken percent-escape` };
  }
}
