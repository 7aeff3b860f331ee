/**
 * The pre-render writes pages with renderToString, which costs far less than
 * react-dom/static's prerender; it must write exactly the HTML prerender would
 * with every Suspense boundary kept in place (none moved out, to be put back by
 * an inline script that the content policy blocks).
 */
import { join } from 'node:path';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { Document } from '../../src/Document';
import { Head } from '../../src/app/Head';
import { BOOT_SCRIPT } from '../../src/app/boot-script';
import type { PageAssets } from '../../src/app/payload';
import { layoutData, pageDocument, renderDocument } from '../../src/entry-server';
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
        const { payload, head } = document;
        const Page = await loadPage(payload.pageName);
        const { prelude } = await prerender(
          <Document payload={payload} Page={Page} head={<Head {...head} />} />,
          { progressiveChunkSize: Infinity },
        );
        const html = await renderDocument(document);
        expect(html, path).toBe(await new Response(prelude).text());
        expect(html, path).not.toMatch(/<!--\$[?!]-->|<script>/);
      }
    },
  );
});
