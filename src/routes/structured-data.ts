/**
 * schema.org descriptions (JSON-LD) of what each page shows. Route `meta`
 * functions call the page-specific ones and put the result in
 * `PageMeta.structuredData`; the head adds the brokerage and breadcrumbs.
 *
 * Type choices:
 * - Project pages describe a development, not an offer with a price: a
 *   residential one is an `ApartmentComplex` (a Residence: a place of several
 *   homes), a commercial one a `Place` (schema.org has no type for an office or
 *   retail development that does not trade yet; `Product` would claim a price
 *   and reviews the page does not have, and `LocalBusiness` a business that
 *   is open). Facts become `additionalProperty`, amenities `amenityFeature`,
 *   the RERA number an `identifier`.
 * - Tenant pages are a `RealEstateListing` (the page that lists real-estate
 *   offers) whose `offers` are the leased units for sale: each an `Offer`
 *   (asking price when the sheet gives one) of a `Place` whose rent, area,
 *   lease, lock-in and escalation are `additionalProperty` values.
 */
import { absoluteUrl, localityPath } from '../data/links';
import type { PageMeta } from './route';
import type { PreRentedEntry, ProjectEntry, SiteData } from '../schema/site';
import type { Settings } from '../schema/settings';

type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

const brokerageId = (siteUrl: string) => `${absoluteUrl(siteUrl, '/')}#brokerage`;

/** schema.org description of the brokerage, on every page. */
export function brokerageData(settings: Settings): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'RealEstateAgent',
    '@id': brokerageId(settings.site_url),
    name: settings.brand_name,
    url: absoluteUrl(settings.site_url, '/'),
    description: settings.description,
    telephone: settings.phone,
    email: settings.email,
    address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'IN' },
    areaServed: { '@type': 'City', name: 'Gurugram' },
    sameAs: [settings.facebook_url, settings.youtube_url, settings.linkedin_url, settings.instagram_url],
  };
}

export function breadcrumbData(meta: PageMeta, siteUrl: string): JsonLd | null {
  if (!meta.breadcrumbs || meta.breadcrumbs.length === 0) return null;
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: meta.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** A picture named by a sheet as an absolute `ImageObject`, or nothing when the site has no such picture. */
function imageObject(site: SiteData, src: string | null, caption?: string): JsonLd[] {
  const asset = src === null ? undefined : site.images[src];
  if (!asset) return [];
  return [
    {
      '@type': 'ImageObject',
      contentUrl: absoluteUrl(site.settings.site_url, asset.url),
      width: asset.width,
      height: asset.height,
      ...(caption ? { caption } : {}),
    },
  ];
}

const property = (name: string, value: string | number, unitText?: string): JsonLd => ({
  '@type': 'PropertyValue',
  name,
  value,
  ...(unitText ? { unitText } : {}),
});

/** A project page's development: `ApartmentComplex` for residential projects, `Place` for commercial ones. */
export function projectData(project: ProjectEntry, site: SiteData): JsonLd {
  const siteUrl = site.settings.site_url;
  const url = absoluteUrl(siteUrl, project.path);
  const locality =
    project.localityRoute === null
      ? undefined
      : site.localities.find((l) => l.route === project.localityRoute);
  const photos = [
    ...imageObject(site, project.hero_image, project.name),
    ...project.gallery.flatMap((g) => imageObject(site, g.image, g.alt)),
  ];
  return {
    '@context': CONTEXT,
    '@type': project.type === 'Residential' ? 'ApartmentComplex' : 'Place',
    '@id': `${url}#project`,
    name: project.name,
    description: project.description.join('\n\n'),
    url,
    ...(photos.length > 0 ? { image: photos[0], photo: photos } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: project.sector,
      addressLocality: project.city,
      addressCountry: 'IN',
    },
    ...(locality
      ? {
          containedInPlace: {
            '@type': 'Place',
            name: locality.name,
            url: absoluteUrl(siteUrl, localityPath(locality.route)),
          },
        }
      : {}),
    ...(project.rera === null ? {} : { identifier: property('RERA registration number', project.rera) }),
    additionalProperty: [
      property('Category', project.category),
      ...project.facts.flatMap((fact) => (fact.label === null ? [] : [property(fact.label, fact.value)])),
    ],
    ...(project.amenities.length > 0
      ? {
          amenityFeature: project.amenities.map((a) => ({
            '@type': 'LocationFeatureSpecification',
            name: a.label,
            value: true,
          })),
        }
      : {}),
    ...(project.map_embed ? { hasMap: project.map_embed } : {}),
  };
}

/** The facts a pre-rented unit's row gives, as schema.org property values. */
function leaseProperties(record: PreRentedEntry): JsonLd[] {
  return [
    property('Tenant', record.tenant),
    property('Property type', record.property_type),
    { ...property('Total area', record.total_area, 'sq ft'), unitCode: 'FTK' },
    property('Monthly rent', record.rent, 'INR per month'),
    property('Rent per sq ft', Math.round(record.rent_per_sqft * 100) / 100, 'INR per sq ft per month'),
    { ...property('Lease term', record.lease_years, 'years'), unitCode: 'ANN' },
    ...(record.lock_in_years === null
      ? []
      : [{ ...property('Lock-in period', record.lock_in_years, 'years'), unitCode: 'ANN' }]),
    ...(record.security_deposit_months === null
      ? []
      : [property('Security deposit', record.security_deposit_months, 'months of rent')]),
    ...(record.escalation === null ? [] : [property('Rent escalation', record.escalation)]),
    ...(record.grossYield === null
      ? []
      : [property('Gross yield', Math.round(record.grossYield * 10000) / 100, 'percent per year')]),
  ];
}

/** One leased unit offered to investors: the unit as a `Place`, at its asking price when the sheet gives one. */
function unitOffer(record: PreRentedEntry, site: SiteData): JsonLd {
  const [image] = imageObject(site, record.image);
  return {
    '@type': 'Offer',
    businessFunction: 'http://purl.org/goodrelations/v1#Sell',
    name: `${record.property_type} leased to ${record.tenant}, ${record.building}`,
    offeredBy: { '@id': brokerageId(site.settings.site_url) },
    ...(record.asking_price === null ? {} : { price: record.asking_price, priceCurrency: 'INR' }),
    itemOffered: {
      '@type': 'Place',
      name: record.building,
      address: {
        '@type': 'PostalAddress',
        ...(record.localityName === null ? {} : { addressLocality: record.localityName }),
        addressCountry: 'IN',
      },
      ...(image ? { image } : {}),
      additionalProperty: leaseProperties(record),
    },
  };
}

/** A tenant page (all of a tenant's units, or those in one locality): a listing of offers to buy leased units. */
export function tenantListingData(
  records: readonly PreRentedEntry[],
  meta: Pick<PageMeta, 'title' | 'description' | 'canonical'>,
  site: SiteData,
): JsonLd {
  const siteUrl = site.settings.site_url;
  const url = absoluteUrl(siteUrl, meta.canonical);
  return {
    '@context': CONTEXT,
    '@type': 'RealEstateListing',
    '@id': `${url}#listing`,
    url,
    name: meta.title,
    description: meta.description,
    offers: records.map((record) => unitOffer(record, site)),
  };
}

/** A tenant page's meta with its listing added: `meta: (data, site) => withTenantListing({ title, … }, data.records, site)`. */
export function withTenantListing(
  meta: PageMeta,
  records: readonly PreRentedEntry[],
  site: SiteData,
): PageMeta {
  return {
    ...meta,
    structuredData: [...(meta.structuredData ?? []), tenantListingData(records, meta, site)],
  };
}
