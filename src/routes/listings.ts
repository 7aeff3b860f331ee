import { withTenantListing } from './structured-data';
import { countLabel, localityByRoute, localityLinks, localityRoutes } from '../data/localities';
import {
  chatLink,
  localityPath,
  localityRecordPath,
  localityTenantPath,
  preRentedEnquiryText,
  tenantPath,
} from '../data/links';
import { newDevelopmentCards, projectCards, projectsInLocality } from '../data/projects';
import {
  portfolioClaim,
  preRentedCard,
  recordsInLocality,
  recordsOfTenant,
  tenantsInLocality,
} from '../data/pre-rented';
import { tableLocalityOptions } from '../data/table';
import type { SiteData } from '../schema/site';
import { defineRoute, lastSegment, segments } from './route';

const home = (site: SiteData) => ({
  featured: site.featured,
  homePreRented: site.homePreRented.map((card) => ({ ...card, path: tenantPath(card.tenant) })),
  builders: site.builders,
  statistics: site.statistics,
  testimonials: site.testimonials.filter((t) => t.page === 'home'),
  ownerPhoto: site.settings.owner_photo,
  videoPoster: site.settings.home_video_poster,
  brand: site.settings.brand_name,
});
export type HomeData = ReturnType<typeof home>;

const projectSearch = (type: 'Commercial' | 'Residential') => (site: SiteData) => ({
  type,
  projects: projectCards(site, type),
  localities: localityLinks(site),
});
export type ProjectSearchData = ReturnType<ReturnType<typeof projectSearch>>;

const newDevelopment = (site: SiteData) => ({
  commercial: newDevelopmentCards(site, 'Commercial'),
  residential: newDevelopmentCards(site, 'Residential'),
});
export type NewDevelopmentData = ReturnType<typeof newDevelopment>;

const preRentedList = (site: SiteData) => ({
  records: site.preRented.map((r) => preRentedCard(r, tenantPath(r.tenant))),
  localities: localityLinks(site),
});
export type PreRentedListData = ReturnType<typeof preRentedList>;

const tenantPage = (site: SiteData, tenant: string, localityRoute: string | null) => {
  const records = recordsOfTenant(site, tenant).filter(
    (r) => localityRoute === null || r.localityRoute === localityRoute,
  );
  if (records.length === 0) return null;
  const locality = localityRoute === null ? null : (localityByRoute(site, localityRoute) ?? null);
  const { chat_number, chat_greeting } = site.settings;
  return {
    tenant,
    records: records.map((r) => ({
      ...r,
      enquiryHref: chatLink(chat_number, preRentedEnquiryText(chat_greeting, r)),
    })),
    locality: locality && { route: locality.route, name: locality.name },
    portfolio: portfolioClaim(site.preRented.length),
  };
};
export type TenantPageData = NonNullable<ReturnType<typeof tenantPage>>;

const preRentedTable = (site: SiteData) => {
  // The table shows no pictures; leaving them out keeps their files out of the page.
  const records = site.preRented.map(({ image: _image, ...record }) => record);
  // Sorted at build time: the browser would load Intl's collation data for it while hydrating.
  return { records, localityOptions: tableLocalityOptions(records, localityLinks(site)) };
};
export type PreRentedTableData = ReturnType<typeof preRentedTable>;

const localityPage = (site: SiteData, route: string) => {
  const locality = localityByRoute(site, route);
  if (!locality) return null;
  return {
    locality,
    records: recordsInLocality(site, locality.route).map((r) =>
      preRentedCard(r, localityRecordPath(locality, r.tenant)),
    ),
    commercialProjects: projectsInLocality(site, locality.route, 'Commercial'),
    residentialProjects: projectsInLocality(site, locality.route, 'Residential'),
    others: localityLinks(site).filter((l) => l.route !== locality.route),
  };
};
export type LocalityPageData = NonNullable<ReturnType<typeof localityPage>>;

export const listingRoutes = [
  defineRoute({
    id: 'home',
    paths: () => ['/'],
    load: home,
    meta: (_data, site) => ({
      title: 'Luxury Commercial & Residential Property in Gurugram',
      description: site.settings.description,
      canonical: '/',
      image: site.settings.home_video_poster,
    }),
    page: 'HomePage',
  }),
  defineRoute({
    id: 'our-property',
    paths: () => ['/ourProperty'],
    load: projectSearch('Commercial'),
    meta: (data) => ({
      title: 'Under Construction Commercial Projects in Gurugram',
      description: `${data.projects.length} under-construction commercial projects in Gurugram and Dwarka: offices, retail and hospitality. Filter by locality.`,
      canonical: '/ourProperty',
      image: data.projects[0]?.image ?? null,
    }),
    page: 'OurPropertyPage',
    nav: { label: 'Under Construction', menus: ['commercial', 'footer-property'], mobile: 3 },
  }),
  defineRoute({
    id: 'residential',
    paths: () => ['/residential'],
    load: projectSearch('Residential'),
    meta: (data) => ({
      title: 'Residential Projects in Gurugram',
      description: `${data.projects.length} residential projects in Gurugram: luxury apartments and branded residences. Filter by locality.`,
      canonical: '/residential',
      image: data.projects[0]?.image ?? null,
    }),
    page: 'ResidentialPage',
    nav: { label: 'Residential Property', menus: ['residential', 'footer-property'], mobile: 1 },
  }),
  defineRoute({
    id: 'pre-rented-list',
    paths: () => ['/preRentedList'],
    load: preRentedList,
    meta: (data) => ({
      title: 'Pre-Rented Commercial Property in Gurugram',
      description: `${data.records.length} leased offices, shops and bank branches with assured rent, for investors. Filter by locality.`,
      canonical: '/preRentedList',
      image: data.records[0]?.image ?? null,
    }),
    page: 'PreRentedListPage',
    nav: { label: 'Pre-Rented Property', menus: ['commercial', 'footer-property'], mobile: 2 },
  }),
  defineRoute({
    id: 'pre-rented-table',
    paths: () => ['/preRentedTable'],
    load: preRentedTable,
    meta: (data) => ({
      title: 'Compare Pre-Rented Properties: Rent, Area and Yield',
      description: `All ${data.records.length} pre-rented properties in one sortable table: rent, rent per sq ft, area, lease, lock-in and escalation.`,
      canonical: '/preRentedTable',
      breadcrumbs: [
        { name: 'Pre-Rented Property', path: '/preRentedList' },
        { name: 'Compare', path: '/preRentedTable' },
      ],
    }),
    page: 'PreRentedTablePage',
    nav: { label: 'Compare Pre-Rented', menus: ['footer-property'], mobile: 8 },
  }),
  defineRoute({
    id: 'tenant',
    paths: (site) => site.tenants.map((t) => `/preRentedList/${t}`),
    load: (site, path) => tenantPage(site, lastSegment(path), null),
    meta: (data, site) =>
      withTenantListing(
        {
          title: `${data.tenant}: Pre-Rented Property`,
          description: `${data.records.length} pre-rented ${data.records.length === 1 ? 'property' : 'properties'} leased to ${data.tenant}: rent, area, lease, lock-in and escalation.`,
          canonical: tenantPath(data.tenant),
          image: data.records[0]?.image ?? null,
          breadcrumbs: [
            { name: 'Pre-Rented Property', path: '/preRentedList' },
            { name: data.tenant, path: tenantPath(data.tenant) },
          ],
        },
        data.records,
        site,
      ),
    page: 'TenantPage',
  }),
  defineRoute({
    id: 'new-development',
    paths: () => ['/newDevelopment'],
    load: newDevelopment,
    meta: (data) => ({
      title: 'New Developments in Gurugram',
      description: `New commercial and residential launches in Gurugram: ${[
        ...data.commercial,
        ...data.residential,
      ]
        .map((p) => p.name)
        .slice(0, 4)
        .join(', ')} and more.`,
      canonical: '/newDevelopment',
      image: data.commercial[0]?.image ?? null,
    }),
    page: 'NewDevelopmentPage',
    nav: { label: 'New Development', menus: ['footer-property'], mobile: 7 },
  }),
  defineRoute({
    id: 'locality',
    paths: (site) => localityRoutes(site).map((r) => `/location/${r}`),
    load: (site, path) => localityPage(site, lastSegment(path)),
    meta: (data) => ({
      title: `Property in ${data.locality.name}, Gurugram`,
      description: `${countLabel(data.locality.count)} in ${data.locality.name}: ${data.locality.description}`,
      canonical: localityPath(data.locality.route),
      image: data.locality.image,
      breadcrumbs: [{ name: data.locality.name, path: localityPath(data.locality.route) }],
    }),
    page: 'LocalityPage',
  }),
  defineRoute({
    id: 'locality-tenant',
    paths: (site) =>
      site.localities
        .filter((l) => l.tenant_pages)
        .flatMap((l) =>
          [l.route, ...l.route_aliases].flatMap((r) =>
            tenantsInLocality(site, l.route).map((t) => `/location/${r}/${t}`),
          ),
        ),
    load: (site, path) => {
      const [, route = '', tenant = ''] = segments(path);
      const locality = localityByRoute(site, route);
      return locality ? tenantPage(site, tenant, locality.route) : null;
    },
    meta: (data, site) => {
      const locality = data.locality ?? { route: '', name: '' };
      const path = localityTenantPath(locality.route, data.tenant);
      const meta = {
        title: `${data.tenant} in ${locality.name}: Pre-Rented Property`,
        description: `Pre-rented ${data.tenant} ${data.records.length === 1 ? 'property' : 'properties'} in ${locality.name}: rent, area, lease, lock-in and escalation.`,
        canonical: path,
        image: data.records[0]?.image ?? null,
        breadcrumbs: [
          { name: locality.name, path: localityPath(locality.route) },
          { name: data.tenant, path },
        ],
      };
      return withTenantListing(meta, data.records, site);
    },
    page: 'TenantPage',
  }),
];
