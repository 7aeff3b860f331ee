import { expect, test } from './fixtures';
import { PAGES, site, unescapeHtml } from './routes-data';

/** The live site's addresses, each spelt as it is today (misspellings included), so no old link breaks. */
const LIVE_ADDRESSES = [
  '/',
  '/aboutUs',
  '/contactUs',
  '/achievements',
  '/listWithUs',
  '/newDevelopment',
  '/ourProperty',
  '/residential',
  '/property',
  '/property/aiplJoyCity',
  '/preRentedList',
  '/privacyPolicy',
  '/terms&Condition',
  '/interativeMap',
  '/testcode',
  '/clientAppointment',
  '/location/golfCourseRoad',
  '/location/golfCourseExtention',
  '/location/golfCourseExtension',
  '/location/mgRoad',
  '/location/dwarkaExpressWay',
  '/location/sohnaRoad',
  '/location/dwarkaDelhi',
  '/feature/edition',
  '/feature/smartworld',
];

test.describe('every route is pre-rendered', () => {
  test('the route table covers every address of the live site and every sheet-made page', () => {
    const paths = new Set(PAGES.map((p) => p.path));
    for (const address of LIVE_ADDRESSES) expect(paths, address).toContain(address);
    for (const tenant of site.tenants) expect(paths).toContain(`/preRentedList/${tenant}`);
    for (const project of site.projects) expect(paths).toContain(`/ourProperty/${project.slug}`);
    for (const locality of site.localities.filter((l) => l.tenant_pages)) {
      const tenants = new Set(
        site.preRented.filter((r) => r.localityRoute === locality.route).map((r) => r.tenant),
      );
      for (const tenant of tenants) expect(paths).toContain(`/location/${locality.route}/${tenant}`);
    }
    expect([...paths].filter((p) => p.startsWith('/location/dwarkaExpressWay/'))).toEqual([]);
  });

  test('each page answers 200 with its content in the HTML, before any script runs', async ({ request }) => {
    test.setTimeout(120_000);
    for (const page of PAGES) {
      const response = await request.get(page.url);
      expect(response.status(), page.url).toBe(200);
      const html = await response.text();
      const title = unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      expect(title, page.url).toContain(page.title);
      const canonical = `<link rel="canonical" href="${site.settings.site_url}${page.canonical}"/>`;
      if (page.noindex) expect(html, page.url).toContain('<meta name="robots" content="noindex"/>');
      else expect(unescapeHtml(html), page.url).toContain(canonical);
      expect(html.match(/<h1[\s>]/g)?.length, `one h1 on ${page.url}`).toBe(1);
      expect(html, page.url).toContain('<main id="main"');
      expect(html, page.url).toMatch(
        /<script data-entry="[^"]+" data-payload="\/assets\/pages\/[0-9a-f]{16}\.json"/,
      );
      // Enquire Now works before any script: it takes the visitor to the contact form. The pop-up
      // it opens once the page has hydrated is not in the HTML (Layout.tsx).
      expect(html, page.url).toMatch(/<form [^>]*action="\/contactUs" method="get">/);
      expect(html, page.url).not.toContain('Share your Contact Details');
      expect(unescapeHtml(html), page.url).toContain(site.settings.licence_number);
    }
  });

  test('titles and descriptions are unique across indexable pages', async ({ request }) => {
    const seen = new Map<string, string>();
    for (const page of PAGES.filter((p) => p.canonical === encodeURI(p.path))) {
      const previous = seen.get(page.title);
      expect(previous, `${page.path} has the same title as ${previous}`).toBeUndefined();
      seen.set(page.title, page.path);
    }
    const html = await (await request.get('/aboutUs')).text();
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  });

  test('a path is served with or without a trailing slash, and percent-encoded', async ({ request }) => {
    for (const url of [
      '/aboutUs/',
      '/preRentedList/SBI%20Bank',
      '/preRentedList/SBI%20Bank/',
      '/terms%26Condition',
    ]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
    }
    expect(await (await request.get('/preRentedList/SBI%20Bank')).text()).toContain('SBI Bank');
    expect(await (await request.get('/terms%26Condition')).text()).toContain('Terms and Conditions');
  });

  test('unknown paths answer 404 with the not-found page', async ({ request }) => {
    for (const url of [
      '/no-such-page',
      '/feature/noSuchProject',
      '/preRentedList/No%20Such%20Tenant',
      '/location/dwarkaExpressWay/SBI%20Bank',
    ]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain('Page not found');
      expect(html, url).toContain('<meta name="robots" content="noindex"/>');
      expect(html, url).toContain('href="/contactUs"');
    }
  });
});
