import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, embedsOf, headersFile, SVG_POLICY } from '../../pipeline/headers';
import {
  escapeXml,
  newestChange,
  robotsTxt,
  sitemapEntries,
  sitemapXml,
  writeSitemap,
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

  it('refuses to list a page that was not written', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'sitemap-'));
    afterAll(() => rm(dist, { recursive: true, force: true }));
    await expect(writeSitemap(dist, site, pages)).rejects.toThrow(/not pre-rendered/);
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

  it('writes a file the local server reads: security headers everywhere, long caching for hashed files', () => {
    const rules = parseHeadersFile(
      headersFile({ env: {}, embeds: embedsOf(site), inline: { styles: [], scripts: [] } }),
    );
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
    expect(page.has('Cache-Control')).toBe(false);
    expect(headersFor('/media/projects/x-1234abcd-800.avif').get('Cache-Control')).toContain('immutable');
    expect(headersFor('/assets/entry-client-abc.js').get('Cache-Control')).toContain('immutable');
    expect(headersFor('/media/builders/dlf-1234abcd.svg').get('Content-Security-Policy')).toBe(SVG_POLICY);
    expect(SVG_POLICY).toMatch(/^sandbox; default-src 'none'/);
    expect(page.get('Content-Security-Policy')).not.toContain('sandbox');
  });
});
