import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  embedsOf,
  headersFile,
  pagePolicies,
  SVG_POLICY,
} from '../../pipeline/headers';
import {
  escapeXml,
  newestChange,
  robotsTxt,
  sitemapEntries,
  sitemapEntry,
  sitemapXml,
} from '../../pipeline/sitemap';
import { parseHeadersFile } from '../../server/static/headers-file';
import {
  decodePath,
  localityPath,
  PATHS,
  projectPath,
  tenantPath,
  underConstructionProjectPath,
} from '../../src/data/links';
import { layoutData, pageDocument } from '../../src/entry-server';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';

const site = JSON.parse(
  await readFile(join(import.meta.dirname, '../../src/generated/site-data.json'), 'utf8'),
) as SiteData;
const pages = allPages(site);
const entries = sitemapEntries(site, pages);
const paths = new Set(entries.map((e) => e.path));

describe('sitemap', () => {
  it('lists every tenant and project page at its canonical address', () => {
    for (const tenant of site.tenants) expect(paths).toContain(decodePath(tenantPath(tenant)));
    for (const project of site.projects) expect(paths).toContain(decodeURIComponent(project.path));
    for (const entry of entries) expect(entry.loc.startsWith(`${site.settings.site_url}/`)).toBe(true);
  });

  it('leaves out hidden pages and addresses whose canonical is another page', () => {
    expect(paths).not.toContain(PATHS.testCode);
    expect(paths).not.toContain(PATHS.notFound);
    for (const project of site.projects) {
      expect(paths).not.toContain(decodePath(underConstructionProjectPath(project.slug)));
      for (const alias of project.aliases)
        expect(paths).not.toContain(decodePath(projectPath(project.page, alias)));
    }
    for (const locality of site.localities) {
      for (const alias of locality.route_aliases)
        expect([...paths].some((p) => p.startsWith(decodePath(localityPath(alias))))).toBe(false);
    }
    expect(new Set(entries.map((e) => e.loc)).size).toBe(entries.length);
  });

  it('dates each page by the newest sheet its content reads', () => {
    const dated: SiteData = {
      ...site,
      updated: {
        ...Object.fromEntries(Object.keys(site.updated).map((sheet) => [sheet, '2024-01-01T00:00:00Z'])),
        'awards.csv': '2025-03-04T05:06:07Z',
      },
    };
    const byPath = new Map(sitemapEntries(dated, pages).map((e) => [e.path, e.lastmod]));
    expect(byPath.get('/achievements')).toBe('2025-03-04T05:06:07Z');
    expect(byPath.get('/preRentedTable')).toBe('2024-01-01T00:00:00Z');
    expect(newestChange(dated, ['images'])).toBeNull();
  });

  it('escapes addresses for XML (/terms&Condition)', () => {
    const xml = sitemapXml(entries);
    expect(xml).toContain(`<loc>${site.settings.site_url}/terms&amp;Condition</loc>`);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|apos;|quot;)/);
    expect(escapeXml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;');
    expect(xml.match(/<url>/g)).toHaveLength(entries.length);
  });

  it('lists a page the pre-render made, from its document, as finding it anew would', () => {
    const layout = layoutData(site);
    const assets = { entry: '/assets/entry.js', boot: '', scripts: [], fonts: [] };
    const made = pages.flatMap((page) => {
      const document = pageDocument(site, layout, page.route, page.path, assets);
      if (document === null) throw new Error(`No document for ${page.path}`);
      return sitemapEntry(site, page, document.head.meta, document.reads) ?? [];
    });
    expect(made).toEqual(entries);
  });

  it('points robots.txt at the sitemap and blocks nothing (noindex pages must stay crawlable)', () => {
    expect(robotsTxt('https://example.com')).toBe(
      'User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\n',
    );
  });
});

describe('security headers', () => {
  it('allows the configured form endpoints and the embedded players, nothing else', () => {
    const csp = contentSecurityPolicy({
      env: {
        VITE_LEAD_API_URL: 'https://leads.example.com/api/',
        VITE_EMAILJS_ORIGIN: 'https://api.emailjs.com',
      },
      embeds: [
        'https://www.youtube-nocookie.com/embed/abc',
        'https://www.google.com/maps/embed?pb=1',
        'https://www.youtube-nocookie.com/embed/def',
      ],
      inline: { styles: [], scripts: [] },
    });
    expect(csp).toContain("connect-src 'self' https://leads.example.com https://api.emailjs.com;");
    expect(csp).toContain('frame-src https://www.google.com https://www.youtube-nocookie.com;');
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("keeps the local build on 'self' and ignores addresses that are not https", () => {
    const csp = contentSecurityPolicy({
      env: { VITE_LEAD_API_URL: 'http://leads.example.com' },
      embeds: [],
      inline: { styles: [], scripts: [] },
    });
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'none';");
  });

  it('writes a file the local server reads: security headers everywhere, long caching for hashed files, short shared caching for pages', () => {
    const inline = {
      scripts: ["'sha256-boot='"],
      pages: pagePolicies(
        [{ routeId: 'tenant', path: '/preRentedList/SBI%20Bank', style: "'sha256-t='" }],
        '/404',
      ),
    };
    const rules = parseHeadersFile(headersFile({ env: {}, embeds: embedsOf(site) }, inline));
    const headersFor = (path: string) =>
      new Map(rules.filter((r) => r.pattern.test(path)).flatMap((r) => r.headers));
    const page = headersFor('/preRentedList/SBI%20Bank');
    for (const name of [
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'X-Frame-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Strict-Transport-Security',
      'Cross-Origin-Opener-Policy',
    ]) {
      expect(page.has(name), name).toBe(true);
    }
    expect(page.get('Content-Security-Policy')).toContain("style-src 'self' 'sha256-t=';");
    // Pages: a short while in a shared cache, stale while it asks again or while the service is down.
    expect(page.get('Cache-Control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(headersFor('/media/projects/x-1234abcd-800.avif').get('Cache-Control')).toContain('immutable');
    expect(headersFor('/assets/entry-client-abc.js').get('Cache-Control')).toContain('immutable');
    expect(headersFor('/media/builders/dlf-1234abcd.svg').get('Content-Security-Policy')).toBe(SVG_POLICY);
    expect(SVG_POLICY).toMatch(/^sandbox; default-src 'none'/);
    expect(page.get('Content-Security-Policy')).not.toContain('sandbox');
  });
});

describe('page policies', () => {
  const pages = [
    { routeId: 'home', path: '/', style: "'sha256-home='" },
    { routeId: 'about', path: '/aboutUs', style: "'sha256-about='" },
    { routeId: 'list', path: '/preRentedList', style: "'sha256-list='" },
    { routeId: 'tenant', path: '/preRentedList/SBI%20Bank', style: "'sha256-tenant='" },
    { routeId: 'tenant', path: '/preRentedList/Nykaa', style: "'sha256-tenant='" },
    { routeId: 'locality', path: '/location/Sohna%20Road', style: "'sha256-locality='" },
    { routeId: 'locality', path: '/location/Golf%20Course%20Road', style: "'sha256-locality='" },
    { routeId: 'locality-tenant', path: '/location/Sohna%20Road/Nykaa', style: "'sha256-lt='" },
    { routeId: 'locality-tenant', path: '/location/Golf%20Course%20Road/SBI', style: "'sha256-lt='" },
    { routeId: 'property', path: '/property', style: "'sha256-property='" },
    { routeId: 'property', path: '/property/dom', style: "'sha256-property='" },
    { routeId: 'not-found', path: '/404', style: "'sha256-missing='" },
  ];

  it('gives each page one rule, naming the styles of the pages it covers and no others', () => {
    const policies = pagePolicies(pages, '/404');
    expect(policies).toEqual([
      { pattern: '/', styles: ["'sha256-home='"] },
      { pattern: '/aboutUs', styles: ["'sha256-about='"] },
      { pattern: '/aboutUs/', styles: ["'sha256-about='"] },
      { pattern: '/preRentedList', styles: ["'sha256-list='"] },
      { pattern: '/preRentedList/', styles: ["'sha256-list='"] },
      // With a slash, the list's address is in the tenants' folder: both rules allow its styles.
      // A folder's rule also allows the not-found page's, which answers the addresses in it that name no page.
      { pattern: '/preRentedList/*', styles: ["'sha256-list='", "'sha256-missing='", "'sha256-tenant='"] },
      { pattern: '/location/*', styles: ["'sha256-locality='", "'sha256-lt='", "'sha256-missing='"] },
      { pattern: '/property', styles: ["'sha256-property='"] },
      { pattern: '/property/', styles: ["'sha256-property='"] },
      { pattern: '/property/*', styles: ["'sha256-missing='", "'sha256-property='"] },
      { pattern: '/404', styles: ["'sha256-missing='"] },
      { pattern: '/404/', styles: ["'sha256-missing='"] },
    ]);
    const rules = parseHeadersFile(headersFile({ env: {}, embeds: [] }, { scripts: [], pages: policies }));
    // A host joins every rule's policy that matches an address: each must allow the page's styles.
    for (const { path, style } of pages)
      for (const address of path === '/' ? [path] : [path, `${path}/`]) {
        const joined = rules
          .filter((rule) => rule.pattern.test(address))
          .flatMap((rule) => rule.headers.filter(([name]) => name === 'Content-Security-Policy'));
        expect(joined.length, address).toBeGreaterThan(0);
        for (const [, policy] of joined) expect(policy, address).toContain(style);
      }
    const policiesOf = (address: string) =>
      rules
        .filter((rule) => rule.pattern.test(address))
        .flatMap((rule) => rule.headers.filter(([name]) => name === 'Content-Security-Policy'));
    // The not-found page answers an address that names no page with its own styles: at the top
    // under no rule's policy, in a folder under the folder's.
    expect(policiesOf('/no-such-page')).toEqual([]);
    for (const address of ['/preRentedList/No%20One', '/location/Nowhere/Nykaa', '/property/none/']) {
      const joined = policiesOf(address);
      expect(joined.length, address).toBeGreaterThan(0);
      for (const [, policy] of joined) expect(policy, address).toContain("'sha256-missing='");
    }
  });

  it('refuses a route whose pages share no folder', () => {
    expect(() =>
      pagePolicies(
        [
          { routeId: 'odd', path: '/a', style: "'sha256-a='" },
          { routeId: 'odd', path: '/b', style: "'sha256-a='" },
        ],
        '/404',
      ),
    ).toThrowErrorMatchingInlineSnapshot(
      `[Error: The pages of route "odd" share no folder: no _headers rule can give them their policy.]`,
    );
  });
});
