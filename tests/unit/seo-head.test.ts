import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, embedsOf, metaContentSecurityPolicy } from '../../pipeline/headers';
import { headHtml } from '../../src/app/head-html';
import { BOOT_SCRIPT } from '../../src/app/boot-script';
import type { PageAssets } from '../../src/app/payload';
import { scriptSafeJson } from '../../src/app/payload';
import {
  breadcrumbData,
  brokerageData,
  projectData,
  tenantListingData,
} from '../../src/routes/structured-data';
import type { PageMeta } from '../../src/routes/route';
import type { ImageAsset, SiteData } from '../../src/schema/site';

const site = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../src/generated/site-data.json'), 'utf8'),
) as SiteData;
const assets: PageAssets = {
  entry: '/assets/entry.js',
  boot: BOOT_SCRIPT,
  scripts: [],
  fonts: [],
};
const HOSTILE = 'Tower </script><script>alert(1)</script> <!-- --> \u2028 & "quoted"';

/** The JSON-LD blocks of rendered HTML, parsed. */
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );
}

describe('scriptSafeJson', () => {
  it('can never close the script element or open a comment, and parses back to the same value', () => {
    const value = { text: HOSTILE, nested: ['</SCRIPT >', '<!--<script>'] };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(value);
  });
});

/** An element of a head as a browser reads it: its name and its attributes, decoded. */
interface ReadElement {
  name: string;
  attributes: Record<string, string>;
}

/** What a browser reads of a head: the title's text and each element, in order. */
function readBack(html: string): { title: string; elements: ReadElement[] } {
  let title = '';
  let inTitle = false;
  const elements: ReadElement[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      elements.push({ name, attributes });
      inTitle = name === 'title';
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag() {
      inTitle = false;
    },
  });
  parser.end(html);
  return { title, elements };
}

describe('headHtml', () => {
  const meta: PageMeta = {
    title: HOSTILE,
    description: `About ${HOSTILE}`,
    canonical: '/preRentedList/SBI%20Bank',
    breadcrumbs: [{ name: HOSTILE, path: '/preRentedList/SBI%20Bank' }],
    structuredData: [{ '@context': 'https://schema.org', '@type': 'Place', name: HOSTILE }],
  };
  const share: ImageAsset = {
    src: 'x.jpg',
    width: 1600,
    height: 1000,
    url: '/media/x-1234abcd.jpg',
    variants: [],
  };

  const written = (pageMeta: PageMeta, shareImage: ImageAsset) => {
    const { first, rest } = headHtml({
      meta: pageMeta,
      settings: site.settings,
      assets,
      payload: '/assets/pages/0123456789abcdef.json',
      shareImage,
    });
    return first + rest;
  };

  it('writes sheet text in the title and the share tags as a browser reads it back, and no element of it', () => {
    const { title, elements } = readBack(written(meta, share));
    const full = `${HOSTILE} | ${site.settings.brand_name}`;
    expect(title).toBe(full);
    const content = (key: string, name: string) =>
      elements.find((element) => element.attributes[key] === name)?.attributes.content;
    expect(content('name', 'description')).toBe(`About ${HOSTILE}`);
    expect(content('property', 'og:title')).toBe(full);
    expect(content('name', 'twitter:description')).toBe(`About ${HOSTILE}`);
    expect(new Set(elements.map((element) => element.name))).toEqual(
      new Set(['meta', 'title', 'link', 'script']),
    );
    // The charset and the viewport come first, as React orders a head: a browser reads the charset in the first 1,024 bytes.
    expect(elements.slice(0, 2).map((element) => element.attributes)).toEqual([
      { charset: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    ]);
  });

  it('keeps sheet text inside its JSON-LD blocks, which parse back to what the page describes', () => {
    const html = written(meta, share);
    const blocks = jsonLdBlocks(html);
    expect(blocks).toEqual([
      brokerageData(site.settings),
      breadcrumbData(meta, site.settings.site_url),
      meta.structuredData?.[0],
    ]);
    expect(html.match(/<script/g)).toHaveLength(1 + blocks.length);
    expect(html.match(/<\/script>/g)).toHaveLength(1 + blocks.length);
  });

  it('gives link previews an absolute image with its size, and the canonical address', () => {
    const html = written(meta, share);
    const url = site.settings.site_url;
    expect(html).toContain(`<link rel="canonical" href="${url}/preRentedList/SBI%20Bank"/>`);
    expect(html).toContain(`<meta property="og:image" content="${url}/media/x-1234abcd.jpg"/>`);
    expect(html).toContain('<meta property="og:image:width" content="1600"/>');
    expect(html).toContain('<meta property="og:image:height" content="1000"/>');
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).not.toContain('name="robots"');
  });

  it('shares no SVG (previews cannot show one) and marks noindex pages', () => {
    const svg: ImageAsset = { ...share, url: '/media/logo-1234abcd.svg' };
    const html = written({ ...meta, noindex: true }, svg);
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('content policy in a <meta> tag', () => {
  it('is the header policy less what a <meta> tag cannot carry', () => {
    const inputs = {
      env: { VITE_LEAD_API_URL: 'https://leads.example.com' },
      embeds: embedsOf(site),
      inline: { styles: ["'sha256-abc='"], scripts: ["'sha256-boot='"] },
    };
    const header = contentSecurityPolicy(inputs).split('; ');
    const meta = metaContentSecurityPolicy(inputs).split('; ');
    expect(header.filter((directive) => !meta.includes(directive))).toEqual(["frame-ancestors 'none'"]);
    expect(meta).toContain("script-src 'self' 'sha256-boot='");
    expect(meta).toContain("connect-src 'self' https://leads.example.com");
    expect(meta).toContain("base-uri 'none'");
    expect(meta).toContain("style-src 'self' 'sha256-abc='");
  });
});

describe('structured data', () => {
  it('describes a residential project as an ApartmentComplex with its photos, amenities and facts', () => {
    const project = site.projects.find(
      (p) => p.type === 'Residential' && p.amenities.length > 0 && p.gallery.length > 0,
    );
    if (!project) throw new Error('The sheets have no residential project with amenities and a gallery.');
    const data = projectData(project, site);
    expect(data['@type']).toBe('ApartmentComplex');
    expect(data.url).toBe(`${site.settings.site_url}${project.path}`);
    expect(data.amenityFeature).toHaveLength(project.amenities.length);
    const photos = data.photo as { contentUrl: string; width: number }[];
    expect(photos).toHaveLength(1 + project.gallery.length);
    for (const photo of photos)
      expect(photo.contentUrl).toMatch(new RegExp(`^${site.settings.site_url}/media/`));
    expect(data.address).toMatchObject({
      streetAddress: project.sector,
      addressLocality: project.city,
      addressCountry: 'IN',
    });
  });

  it('describes a commercial project as a Place, with a RERA number only when the sheet gives one', () => {
    const commercial = site.projects.filter((p) => p.type === 'Commercial');
    expect(commercial.length).toBeGreaterThan(0);
    for (const project of commercial) {
      const data = projectData(project, site);
      expect(data['@type']).toBe('Place');
      expect('identifier' in data).toBe(project.rera !== null);
    }
  });

  it('describes a tenant page as a listing of offers, one per leased unit, priced only when the sheet gives a price', () => {
    const tenant = site.tenants.find((t) => site.preRented.filter((r) => r.tenant === t).length > 1);
    if (tenant === undefined) throw new Error('The sheets have no tenant with several records.');
    const records = site.preRented.filter((r) => r.tenant === tenant);
    const data = tenantListingData(
      records,
      { title: tenant, description: 'd', canonical: `/preRentedList/${encodeURIComponent(tenant)}` },
      site,
    );
    expect(data['@type']).toBe('RealEstateListing');
    const offers = data.offers as {
      price?: number;
      priceCurrency?: string;
      itemOffered: { additionalProperty: { name: string; value: unknown }[] };
    }[];
    expect(offers).toHaveLength(records.length);
    offers.forEach((offer, i) => {
      const record = records[i];
      expect(offer.price ?? null).toBe(record?.asking_price ?? null);
      const rent = offer.itemOffered.additionalProperty.find((p) => p.name === 'Monthly rent');
      expect(rent?.value).toBe(record?.rent);
    });
  });
});
