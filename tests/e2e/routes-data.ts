/**
 * Every page the site must serve, enumerated the way the build does: the route table
 * applied to the generated site data. Tests never keep their own list of addresses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';

export const site = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../src/generated/site-data.json'), 'utf8'),
) as SiteData;

export interface ExpectedPage {
  routeId: string;
  /** Decoded path, as the route table lists it. */
  path: string;
  /** The address a browser requests. */
  url: string;
  title: string;
  canonical: string;
  /** Kept out of search results, so it names no canonical address. */
  noindex: boolean;
}

export const PAGES: readonly ExpectedPage[] = allPages(site)
  .filter(({ route }) => route.id !== 'not-found')
  .map(({ route, path }) => {
    const resolved = route.resolve(site, path);
    if (resolved === null) throw new Error(`Route "${route.id}" lists ${path} but finds nothing there.`);
    const { meta } = resolved;
    return {
      routeId: route.id,
      path,
      url: encodeURI(path),
      title: meta.title,
      canonical: meta.canonical,
      noindex: meta.noindex === true,
    };
  });

/** Text as it reads once HTML's escapes are undone. */
export function unescapeHtml(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Splits `items` into `count` groups of nearly equal size, so slow page visits spread over tests. */
export function chunks<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * size, (i + 1) * size)).filter(
    (c) => c.length > 0,
  );
}
