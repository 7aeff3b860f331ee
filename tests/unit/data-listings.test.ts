import { describe, expect, it } from 'vitest';
import { LOCALITY_TABS, PROJECT_TYPES, PROPERTY_TYPES } from '../../src/data/choices';
import {
  localityPanel,
  localityViewFromParams,
  localityViewToParams,
  paramValue,
  projectTypeFromParams,
  projectTypeToParams,
} from '../../src/data/listing-views';
import { chatLink, localityRecordPath, PATHS, preRentedEnquiryText, tenantPath } from '../../src/data/links';
import { homeData } from '../../src/data/page-data/home-data';
import { projectCards } from '../../src/data/projects';
import {
  countLabel,
  inLocality,
  localityByRoute,
  localityFromParam,
  localityLinks,
} from '../../src/data/localities';
import {
  portfolioClaim,
  preRentedCard,
  askingTerms,
  recordsInLocality,
  recordsOfTenant,
  tenantsInLocality,
} from '../../src/data/pre-rented';
import { LOCALITY_TABS as SCHEMA_TABS } from '../../src/schema/locality';
import { PROPERTY_TYPES as SCHEMA_PROPERTY_TYPES } from '../../src/schema/pre-rented';
import { PROJECT_TYPES as SCHEMA_PROJECT_TYPES } from '../../src/schema/project';
import { LOCALITIES, must, RECORDS, site } from './data-fixture';

describe('choices', () => {
  it('match the schemas in content and order', () => {
    expect(PROJECT_TYPES).toEqual(SCHEMA_PROJECT_TYPES);
    expect(LOCALITY_TABS).toEqual(SCHEMA_TABS);
    expect(PROPERTY_TYPES).toEqual(SCHEMA_PROPERTY_TYPES);
  });
});

describe('locality filter', () => {
  it('reads a known route, and treats anything else as All Listing', () => {
    expect(localityFromParam('golfCourseRoad', LOCALITIES)).toBe('golfCourseRoad');
    expect(localityFromParam(null, LOCALITIES)).toBeNull();
    expect(localityFromParam('', LOCALITIES)).toBeNull();
    expect(localityFromParam('atlantis', LOCALITIES)).toBeNull();
  });

  it('keeps exact matches on the locality route, or everything for All Listing', () => {
    expect(inLocality(RECORDS, 'golfCourseRoad').map((r) => r.row)).toEqual([2, 4]);
    expect(inLocality(RECORDS, 'mgRoad')).toEqual([]);
    expect(inLocality(RECORDS, null)).toHaveLength(RECORDS.length);
  });
});

describe('localities', () => {
  it('finds a locality by route or alias', () => {
    expect(localityByRoute(site(), 'golfCourseExtension')?.route).toBe('golfCourseExtention');
    expect(localityByRoute(site(), 'nowhere')).toBeUndefined();
  });

  it('labels counts', () => {
    expect(countLabel(1)).toBe('1 Property');
    expect(countLabel(0)).toBe('0 Properties');
    expect(countLabel(23)).toBe('23 Properties');
  });

  it('links every locality with its count', () => {
    expect(localityLinks(site())).toEqual([
      { route: 'golfCourseRoad', name: 'Golf Course Road', count: 3 },
      { route: 'golfCourseExtention', name: 'Golf Course Extension', count: 2 },
      { route: 'dwarkaExpressWay', name: 'Dwarka Expressway', count: 2 },
    ]);
  });
});

describe('listing views in the address', () => {
  it('writes choices as lower-case words', () => {
    expect(paramValue('Under Construction')).toBe('under-construction');
  });

  it('reads the project type, Commercial by default', () => {
    expect(projectTypeFromParams(new URLSearchParams('type=residential'))).toBe('Residential');
    expect(projectTypeFromParams(new URLSearchParams('type=castle'))).toBe('Commercial');
    expect(projectTypeToParams('Commercial').toString()).toBe('');
    expect(projectTypeToParams('Residential').toString()).toBe('type=residential');
  });

  it("falls back to the locality's default tab and leaves defaults out", () => {
    expect(localityViewFromParams(new URLSearchParams(), 'Under Construction')).toEqual({
      type: 'Commercial',
      tab: 'Under Construction',
    });
    expect(
      localityViewFromParams(new URLSearchParams('tab=pre-rented&type=residential'), 'Under Construction'),
    ).toEqual({
      type: 'Residential',
      tab: 'Pre-Rented',
    });
    expect(localityViewToParams({ type: 'Commercial', tab: 'Pre-Rented' }, 'Pre-Rented').toString()).toBe('');
    expect(
      localityViewToParams({ type: 'Commercial', tab: 'Pre-Rented' }, 'Under Construction').toString(),
    ).toBe('tab=pre-rented');
    expect(
      localityViewToParams({ type: 'Residential', tab: 'Under Construction' }, 'Pre-Rented').toString(),
    ).toBe('type=residential&tab=under-construction');
  });
});

describe('localityPanel', () => {
  const data = (tenantPages: boolean, records: string[]) => ({
    locality: { tenant_pages: tenantPages },
    records,
    commercialProjects: ['joyDistrict'],
    residentialProjects: ['krisumi'],
  });

  it('shows residential projects for Residential whatever the tab', () => {
    expect(localityPanel({ type: 'Residential', tab: 'Pre-Rented' }, data(true, ['a']))).toEqual({
      kind: 'projects',
      projects: ['krisumi'],
    });
  });

  it('shows commercial projects under Under Construction', () => {
    expect(localityPanel({ type: 'Commercial', tab: 'Under Construction' }, data(true, ['a']))).toEqual({
      kind: 'projects',
      projects: ['joyDistrict'],
    });
  });

  it('puts the empty-category notice above the records of a locality without tenant pages', () => {
    expect(localityPanel({ type: 'Commercial', tab: 'Pre-Rented' }, data(false, ['a']))).toEqual({
      kind: 'records',
      records: ['a'],
      emptyNotice: true,
    });
    expect(localityPanel({ type: 'Commercial', tab: 'Pre-Rented' }, data(true, ['a']))).toMatchObject({
      emptyNotice: false,
    });
    expect(localityPanel({ type: 'Commercial', tab: 'Pre-Rented' }, data(false, []))).toMatchObject({
      emptyNotice: false,
    });
  });
});

describe('pre-rented records', () => {
  it('selects by tenant and by locality', () => {
    expect(recordsOfTenant(site(), 'NYKAA').map((r) => r.row)).toEqual([3, 7]);
    expect(recordsOfTenant(site(), 'Nobody')).toEqual([]);
    expect(recordsInLocality(site(), 'golfCourseRoad').map((r) => r.row)).toEqual([2, 4]);
    expect(tenantsInLocality(site(), 'golfCourseRoad')).toEqual(['SBI Bank', 'Café Coffee Day']);
  });

  it('selects alike through a view of the site, and from a different list of records', () => {
    const view = new Proxy(site(), {});
    expect(recordsOfTenant(view, 'NYKAA').map((r) => r.row)).toEqual([3, 7]);
    const fewer = site({ preRented: RECORDS.filter((r) => r.row !== 7) });
    expect(recordsOfTenant(fewer, 'NYKAA').map((r) => r.row)).toEqual([3]);
    expect(recordsOfTenant(site(), 'NYKAA').map((r) => r.row)).toEqual([3, 7]);
  });

  it('makes a card with its rent, its yield and the page it opens', () => {
    const [first] = RECORDS;
    expect(preRentedCard(must(first, 'a record'), '/x')).toEqual({
      row: 2,
      tenant: 'SBI Bank',
      building: 'Vatika Professional Point',
      localityName: 'Golf Course Road',
      localityRoute: 'golfCourseRoad',
      image: 'pre-rented/2.jpg',
      rent: 208439,
      grossYield: 0.0701,
      askingPrice: 35700000,
      path: '/x',
    });
  });

  it('gives a card its asking price and yield together, or says the price is on request', () => {
    expect(askingTerms({ askingPrice: 35700000, grossYield: 0.0701 })).toBe(
      '₹3.57 Cr asking · 7.01% gross yield',
    );
    expect(askingTerms({ askingPrice: null, grossYield: null })).toBe('Price on request');
  });

  it('claims a portfolio size rounded down to ten', () => {
    expect(portfolioClaim(65)).toBe('60+');
    expect(portfolioClaim(50)).toBe('50+');
    expect(portfolioClaim(10)).toBe('10+');
    expect(portfolioClaim(7)).toBe('7');
  });
});

describe('links', () => {
  it('encodes tenant names as browsers send them', () => {
    expect(tenantPath('SBI Bank')).toBe('/preRentedList/SBI%20Bank');
    expect(tenantPath("McDonald's")).toBe("/preRentedList/McDonald's");
  });

  it("opens a locality's own tenant page only where the locality has them", () => {
    expect(localityRecordPath({ route: 'mgRoad', tenant_pages: true }, 'ICICI Bank')).toBe(
      '/location/mgRoad/ICICI%20Bank',
    );
    expect(localityRecordPath({ route: 'dwarkaExpressWay', tenant_pages: false }, 'INOX')).toBe(
      '/preRentedList/INOX',
    );
  });

  it('prefills a WhatsApp enquiry naming tenant and building', () => {
    const text = preRentedEnquiryText('Hello, I would like to know more about', {
      tenant: 'SBI Bank',
      building: 'Vegas Mall',
    });
    expect(text).toBe(
      'Hello, I would like to know more about the pre-rented property leased to SBI Bank at Vegas Mall.',
    );
    expect(chatLink('919811045678', text)).toBe(
      'https://wa.me/919811045678?text=Hello%2C%20I%20would%20like%20to%20know%20more%20about%20the%20pre-rented%20property%20leased%20to%20SBI%20Bank%20at%20Vegas%20Mall.',
    );
  });
});

describe('the project listings and the home page’s View all', () => {
  const featured = (project: string) => ({
    project,
    price: 1e7,
    image: '',
    name: project,
    path: '',
    rera: null,
  });
  const data = site({
    projects: site().projects.map((p) => (p.slug === 'krisumi' ? { ...p, in_search: false } : p)),
  });

  it('lists a featured project out of the search, since View all leads there', () => {
    expect(projectCards(data, 'Residential')).toEqual([]);
    const withFeatured = { ...data, featured: [featured('krisumi')] };
    expect(projectCards(withFeatured, 'Residential').map((c) => c.slug)).toEqual(['krisumi']);
  });

  it('gives a project card its place and possession, or ready to move', () => {
    const project = must(site().projects[0], 'a project');
    const card = (fields: Partial<typeof project>) =>
      projectCards(site({ projects: [{ ...project, in_search: true, ...fields }] }), project.type)[0];
    expect(
      card({ sector: 'Sector 59', locality: 'Golf Course Road', possession: '2027 (expected)' }),
    ).toMatchObject({
      place: 'Sector 59, Golf Course Road',
      possession: 'Possession 2027 (expected)',
    });
    expect(card({ possession: null, status: 'Ready to Move' })?.possession).toBe('Ready to move');
    expect(card({ possession: null, status: 'Under Construction' })?.possession).toBeNull();
  });

  it('links VIEW ALL PROPERTIES + to /ourProperty, with the residential listing beside it when a residential project is featured', () => {
    const mixed = homeData({
      ...data,
      featured: [featured('krisumi'), featured('joyDistrict'), featured('autograph')],
    });
    expect(mixed.featuredViewAll).toEqual([
      { href: PATHS.underConstruction, label: 'VIEW ALL PROPERTIES +' },
      { href: PATHS.residential, label: 'VIEW ALL RESIDENTIAL +' },
    ]);
    const commercial = homeData({ ...data, featured: [featured('joyDistrict'), featured('autograph')] });
    expect(commercial.featuredViewAll).toEqual([
      { href: PATHS.underConstruction, label: 'VIEW ALL PROPERTIES +' },
    ]);
  });
});
