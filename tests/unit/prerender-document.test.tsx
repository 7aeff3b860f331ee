/**
 * The pre-render writes pages with renderToString, which costs far less than
 * react-dom/static's prerender; it must write exactly the HTML prerender would
 * with every Suspense boundary kept in place (none moved out, to be put back by
 * an inline script that the content policy blocks). It writes the frame (header, footer) once
 * per variant and puts it in every other page of that variant
 * (src/components/layout/frame-html.ts): each page must still be, to the byte, what React writes
 * for it whole, or hydration would find other HTML than it renders. So must a page whose
 * <Templated> parts are filled from HTML learnt once (src/app/page-templates.ts).
 */
import { join } from 'node:path';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StyleTraits } from '../../pipeline/critical-css';
import { styleSignature } from '../../pipeline/critical-css';
import { loadSite } from '../../pipeline/load-site';
import { Document } from '../../src/Document';
import { BOOT_SCRIPT } from '../../src/app/boot-script';
import type { PageAssets } from '../../src/app/payload';
import { frameVariant } from '../../src/components/layout/frame-html';
import type { PageDocument } from '../../src/entry-server';
import {
  layoutData,
  pageDocument,
  pagesFilledFromTemplates,
  renderDocument,
  renderDocumentParts,
  withHead,
} from '../../src/entry-server';
import { loadPage } from '../../src/pages/registry';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';

const ASSETS: PageAssets = {
  entry: '/assets/entry.js',
  boot: BOOT_SCRIPT,
  scripts: [],
  fonts: [],
};

let site: SiteData;

beforeAll(async () => {
  const loaded = await loadSite({ sheetsDir: join(import.meta.dirname, '../fixtures/valid') });
  if (loaded.site === null) throw new Error('The fixture sheets did not load.');
  site = loaded.site;
});

/** What prerender writes for the page whole, with every boundary in place, and its head written in. */
async function whole({ payload, head }: PageDocument): Promise<string> {
  const Page = await loadPage(payload.pageName);
  const { prelude } = await prerender(<Document payload={payload} Page={Page} />, {
    progressiveChunkSize: Infinity,
  });
  return withHead(await new Response(prelude).text(), head);
}

describe('withHead', () => {
  it('refuses a page React wrote without a head to write in', () => {
    const layout = layoutData(site);
    const [first] = allPages(site);
    if (first === undefined) throw new Error('The fixture sheets make no page.');
    const document = pageDocument(site, layout, first.route, first.path, ASSETS);
    if (document === null) throw new Error(`No content at ${first.path}`);
    expect(() =>
      withHead('<html lang="en-IN"><body></body></html>', document.head),
    ).toThrowErrorMatchingSnapshot();
  });
});

describe('renderDocument', () => {
  it(
    'writes what prerender writes with boundaries in place, for one page of every route',
    { timeout: 60_000 },
    async () => {
      const layout = layoutData(site);
      const firstOfEachRoute = [
        ...new Map(allPages(site).map((page) => [page.route.id, page] as const)).values(),
      ].reverse();
      expect(firstOfEachRoute.length).toBeGreaterThan(10);
      for (const { route, path } of firstOfEachRoute) {
        const document = pageDocument(site, layout, route, path, ASSETS);
        if (document === null) throw new Error(`No content at ${path}`);
        const html = await renderDocument(document);
        expect(html, path).toBe(await whole(document));
        expect(html, path).not.toMatch(/<!--\$[?!]-->|<script>/);
      }
    },
  );

  // A frame that comes to depend on something of the page that frameVariant does not key it by fails here.
  it(
    'writes every page as React writes it whole, the frame put in from another page',
    { timeout: 60_000 },
    async () => {
      const layout = layoutData(site);
      const pages = allPages(site);
      const variants = new Map<string, number>();
      // The pre-render reads each frame's parts once for the style signature: it must find what a reading of the whole page finds.
      const frames = new Map<string, StyleTraits>();
      const attributes = new Map([
        ['aria-current', true],
        ['data-menu', false],
        ['id', true],
      ]);
      let framed = 0;
      for (const { route, path } of pages) {
        const document = pageDocument(site, layout, route, path, ASSETS);
        if (document === null) throw new Error(`No content at ${path}`);
        // The payload's file is written from the page's and the frame's JSON as made once.
        expect(document.payloadJson, path).toBe(JSON.stringify(document.payload));
        const parts = await renderDocumentParts(document);
        const html = await whole(document);
        expect(parts.join(''), path).toBe(html);
        expect(styleSignature(parts, attributes, frames), path).toBe(styleSignature(html, attributes));
        if (parts.length === 5) framed += 1;
        const variant = frameVariant(layout, path);
        variants.set(variant, (variants.get(variant) ?? 0) + 1);
      }
      // Most pages share the frame of no menu link; each page a menu links to has its own.
      expect(variants.get('')).toBeGreaterThan(pages.length / 2);
      expect(variants.size).toBeGreaterThan(5);
      // Most pages have their frame put in (all but the first of each variant, and a long listing).
      expect(framed).toBeGreaterThan(pages.length / 2);
      // A tenant page's enquiry form is written from its template (src/app/page-templates.ts) on every tenant
      // page but the one it is learnt from, and one rendered whole for its frame if a tenant page comes first.
      const tenantPages = pages.filter(({ route }) => route.page === 'TenantPage').length;
      expect(tenantPages).toBeGreaterThan(5);
      expect(pagesFilledFromTemplates(layout)).toBeGreaterThanOrEqual(tenantPages - 2);
      expect(pagesFilledFromTemplates(layout)).toBeLessThan(tenantPages);
      // Each variant's header and footer read once.
      expect(frames.size).toBeGreaterThan(0);
      expect(frames.size).toBeLessThanOrEqual(2 * variants.size);
    },
  );
});
