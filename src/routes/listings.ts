import { withTenantListing } from './structured-data';
import { countLabel, localityByRoute, localityRoutes } from '../data/localities';
import { homeData } from '../data/page-data/home-data';
import {
  localityPageData,
  newDevelopmentData,
  preRentedListData,
  preRentedTableData,
  projectSearchData,
  tenantPageData,
} from '../data/page-data/listing-data';
import { decodePath, localityPath, localityTenantPath, PATHS, tenantPath } from '../data/links';
import { tenantsInLocality } from '../data/pre-rented';
import { defineRoute, lastSegment, segments } from './route';

export const listingRoutes = [
  defineRoute({
    id: 'home',
    paths: () => [PATHS.home],
    load: homeData,
    meta: (_data, site) => ({
      title: 'Luxury Commercial & Residential Property in Gurugram',
      description: site.settings.description,
      canonical: PATHS.home,
      image: site.settings.home_video_poster,
    }),
    page: 'HomePage',
  }),
  defineRoute({
    id: 'our-property',
    paths: () => [PATHS.underConstruction],
    load: projectSearchData('Commercial'),
    meta: (data) => ({
      title: 'Under Construction Commercial Projects in Gurugram',
      description: `${data.projects.length} under-construction commercial projects in Gurugram and Dwarka: offices, retail and hospitality. Filter by locality.`,
      canonical: PATHS.underConstruction,
      image: data.projects[0]?.image ?? null,
    }),
    page: 'OurPropertyPage',
    nav: { label: 'Under Construction', menus: ['commercial', 'footer-property'], mobile: 3 },
  }),
  defineRoute({
    id: 'residential',
    paths: () => [PATHS.residential],
    load: projectSearchData('Residential'),
    meta: (data) => ({
      title: 'Residential Projects in Gurugram',
      description: `${data.projects.length} residential projects in Gurugram: luxury apartments and branded residences. Filter by locality.`,
      canonical: PATHS.residential,
      image: data.projects[0]?.image ?? null,
    }),
    page: 'ResidentialPage',
    nav: { label: 'Residential Property', menus: ['residential', 'footer-property'], mobile: 1 },
  }),
  defineRoute({
    id: 'pre-rented-list',
    paths: () => [PATHS.preRented],
    load: preRentedListData,
    meta: (data) => ({
      title: 'Pre-Rented Commercial Property in Gurugram',
      description: `${data.records.length} leased offices, shops and bank branches with assured rent, for investors. Filter by locality.`,
      canonical: PATHS.preRented,
      image: data.records[0]?.image ?? null,
    }),
    page: 'PreRentedListPage',
    nav: { label: 'Pre-Rented Property', menus: ['commercial', 'footer-property'], mobile: 2 },
  }),
  defineRoute({
    id: 'pre-rented-table',
    paths: () => [PATHS.preRentedTable],
    load: preRentedTableData,
    meta: (data) => ({
      title: 'Compare Pre-Rented Properties: Rent, Area and Yield',
      description: `All ${data.records.length} pre-rented properties in one sortable table: rent, rent per sq ft, area, lease, lock-in and escalation.`,
      canonical: PATHS.preRentedTable,
      breadcrumbs: [
        { name: 'Pre-Rented Property', path: PATHS.preRented },
        { name: 'Compare', path: PATHS.preRentedTable },
      ],
    }),
    page: 'PreRentedTablePage',
    nav: { label: 'Compare Pre-Rented', menus: ['footer-property'], mobile: 8 },
  }),
  defineRoute({
    id: 'tenant',
    paths: (site) => site.tenants.map((t) => decodePath(tenantPath(t))),
    load: (site, path) => tenantPageData(site, lastSegment(path), null),
    meta: (data, site) =>
      withTenantListing(
        {
          title: `${data.tenant}: Pre-Rented Property`,
          description: `${data.records.length} pre-rented ${data.records.length === 1 ? 'property' : 'properties'} leased to ${data.tenant}: rent, area, lease, lock-in and escalation.`,
          canonical: tenantPath(data.tenant),
          image: data.records[0]?.image ?? null,
          breadcrumbs: [
            { name: 'Pre-Rented Property', path: PATHS.preRented },
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
    paths: () => [PATHS.newDevelopment],
    load: newDevelopmentData,
    meta: (data) => ({
      title: 'New Developments in Gurugram',
      description: `New commercial and residential launches in Gurugram: ${[
        ...data.commercial,
        ...data.residential,
      ]
        .map((p) => p.name)
        .slice(0, 4)
        .join(', ')} and more.`,
      canonical: PATHS.newDevelopment,
      image: data.commercial[0]?.image ?? null,
    }),
    page: 'NewDevelopmentPage',
    nav: { label: 'New Development', menus: ['footer-property'], mobile: 7 },
  }),
  defineRoute({
    id: 'locality',
    paths: (site) => localityRoutes(site).map((r) => decodePath(localityPath(r))),
    load: (site, path) => localityPageData(site, lastSegment(path)),
    original: (site, path) => {
      const locality = localityByRoute(site, lastSegment(path));
      return locality && locality.route !== lastSegment(path)
        ? decodePath(localityPath(locality.route))
        : null;
    },
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
            tenantsInLocality(site, l.route).map((t) => decodePath(localityTenantPath(r, t))),
          ),
        ),
    load: (site, path) => {
      const [, route = '', tenant = ''] = segments(path);
      const locality = localityByRoute(site, route);
      return locality ? tenantPageData(site, tenant, locality.route) : null;
    },
    original: (site, path) => {
      const [, route = '', tenant = ''] = segments(path);
      const locality = localityByRoute(site, route);
      return locality && locality.route !== route
        ? decodePath(localityTenantPath(locality.route, tenant))
        : null;
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
