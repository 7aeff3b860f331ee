/** A small hand-made site for the data tests: every figure below is chosen so each test can say what it expects. */
import type { LocalityEntry, PreRentedEntry, ProjectEntry, SiteData } from '../../src/schema/site';

export function record(row: number, fields: Partial<PreRentedEntry> = {}): PreRentedEntry {
  return {
    tenant: 'SBI Bank',
    building: 'Vatika Professional Point',
    locality: 'Golf Course Road',
    property_type: 'Bank',
    total_area: 2000,
    available_area: [],
    lease_years: 9,
    lock_in_years: 3,
    rent: 200000,
    security_deposit_months: 6,
    escalation: '15% every 3 years',
    asking_price: null,
    image: `pre-rented/${row}.jpg`,
    row,
    localityName: 'Golf Course Road',
    localityRoute: 'golfCourseRoad',
    rent_per_sqft: 100,
    rentPerSqftComputed: false,
    grossYield: null,
    ...fields,
  };
}

function locality(route: string, name: string, fields: Partial<LocalityEntry> = {}): LocalityEntry {
  return {
    route,
    route_aliases: [],
    name,
    spellings: [],
    tenant_pages: true,
    default_tab: 'Pre-Rented',
    description: `About ${name}.`,
    image: `localities/${route}.jpg`,
    count: 0,
    ...fields,
  };
}

function project(slug: string, fields: Partial<ProjectEntry> = {}): ProjectEntry {
  return {
    slug,
    name: slug,
    aliases: [],
    page: 'feature',
    type: 'Commercial',
    category: 'Offices',
    sector: 'Sector 1',
    city: 'Gurugram',
    locality: 'Golf Course Road',
    rera: null,
    description: ['About.'],
    facts: null,
    hero_image: `projects/${slug}.jpg`,
    map_image: null,
    map_embed: null,
    video_embed: null,
    video_still: null,
    new_development: false,
    in_search: true,
    form: 'none',
    localityRoute: 'golfCourseRoad',
    highlights: [],
    amenities: [],
    gallery: [],
    path: `/feature/${slug}`,
    ...fields,
  } as ProjectEntry;
}

export const LOCALITIES = [
  locality('golfCourseRoad', 'Golf Course Road', { count: 3 }),
  locality('golfCourseExtention', 'Golf Course Extension', {
    route_aliases: ['golfCourseExtension'],
    count: 2,
  }),
  locality('dwarkaExpressWay', 'Dwarka Expressway', {
    tenant_pages: false,
    default_tab: 'Under Construction',
    count: 2,
  }),
];

export const RECORDS: PreRentedEntry[] = [
  record(2, {
    rent: 208439,
    total_area: 1850,
    rent_per_sqft: 112.67,
    asking_price: 35700000,
    grossYield: 0.0701,
  }),
  record(3, {
    tenant: 'NYKAA',
    building: 'Worldmark 65',
    property_type: 'Office',
    rent: 828009,
    total_area: 9200,
    available_area: [4600, 9200],
    localityName: 'Golf Course Extension',
    localityRoute: 'golfCourseExtention',
    rent_per_sqft: 90,
    lock_in_years: null,
  }),
  record(4, {
    tenant: 'Café Coffee Day',
    building: 'Sahara Mall',
    property_type: 'Retail',
    rent: 95340,
    total_area: 1100,
    rent_per_sqft: 86.67,
    rentPerSqftComputed: true,
    security_deposit_months: null,
    escalation: null,
  }),
  record(5, {
    tenant: 'INOX',
    building: 'Elan Miracle',
    property_type: 'Retail',
    rent: 1080000,
    total_area: 18000,
    localityName: 'Dwarka Expressway',
    localityRoute: 'dwarkaExpressWay',
    rent_per_sqft: 60,
    lock_in_years: 5,
  }),
  record(6, {
    tenant: 'Blinkit',
    building: 'Sector 37 Warehousing',
    property_type: 'Retail',
    rent: 160000,
    total_area: 4000,
    localityName: null,
    localityRoute: null,
    locality: null,
    rent_per_sqft: 40,
  }),
  record(7, {
    tenant: 'NYKAA',
    building: 'Ambience Mall',
    property_type: 'Retail',
    rent: 512000,
    total_area: 3200,
    localityName: 'NH8',
    localityRoute: null,
    locality: 'NH8',
    rent_per_sqft: 160,
  }),
];

export function site(fields: Partial<SiteData> = {}): SiteData {
  return {
    settings: {
      chat_number: '919811045678',
      chat_greeting: 'Hello, I would like to know more about',
      brand_name: 'Regal',
    } as SiteData['settings'],
    localities: LOCALITIES,
    projects: [
      project('joyDistrict', { localityRoute: 'dwarkaExpressWay' }),
      project('autograph', { localityRoute: 'golfCourseExtention' }),
      project('krisumi', { type: 'Residential', localityRoute: 'dwarkaExpressWay' }),
    ],
    preRented: RECORDS,
    tenants: [...new Set(RECORDS.map((r) => r.tenant))],
    featured: [],
    homePreRented: [],
    testimonials: [],
    team: [],
    awards: [],
    builders: [],
    statistics: [],
    images: {},
    updated: {},
    ...fields,
  };
}

/** The value, or a failed test naming what was missing: the data a test relies on must be there. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} in the data.`);
  return value;
}
