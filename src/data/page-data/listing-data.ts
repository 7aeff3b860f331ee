/** What each listing page shows: project searches, pre-rented lists and tables, tenant and locality pages. */
import type { PreRentedEntry, SiteData } from '../../schema/site';
import { localityByRoute, localityLinks } from '../localities';
import { chatLink, localityRecordPath, preRentedEnquiryText, tenantEnquiryText, tenantPath } from '../links';
import {
  portfolioClaim,
  preRentedCard,
  preRentedName,
  recordsInLocality,
  recordsOfTenant,
} from '../pre-rented';
import { newDevelopmentCards, projectCards, projectsInLocality } from '../projects';
import { tableLocalityOptions } from '../table';

export const projectSearchData = (type: 'Commercial' | 'Residential') => (site: SiteData) => ({
  type,
  projects: projectCards(site, type),
  localities: localityLinks(site),
});
export type ProjectSearchData = ReturnType<ReturnType<typeof projectSearchData>>;

export const newDevelopmentData = (site: SiteData) => ({
  commercial: newDevelopmentCards(site, 'Commercial'),
  residential: newDevelopmentCards(site, 'Residential'),
});
export type NewDevelopmentData = ReturnType<typeof newDevelopmentData>;

export const preRentedListData = (site: SiteData) => ({
  records: site.preRented.map((r) => preRentedCard(r, tenantPath(r.tenant))),
  localities: localityLinks(site),
});
export type PreRentedListData = ReturnType<typeof preRentedListData>;

/** What a tenant page's enquiry form names as the lead's project, and the WhatsApp chat offered beside it. */
export interface TenantEnquiry {
  project: string;
  chatHref: string;
}

/**
 * Every property leased to one tenant, within one locality when `localityRoute` names it; null
 * when there is none. Each record carries its own enquiry; the page's form starts with the one
 * record it shows, or with the tenant (in the locality) when it shows several.
 */
export const tenantPageData = (site: SiteData, tenant: string, localityRoute: string | null) => {
  const records = recordsOfTenant(site, tenant).filter(
    (r) => localityRoute === null || r.localityRoute === localityRoute,
  );
  const [first] = records;
  if (first === undefined) return null;
  const locality = localityRoute === null ? null : (localityByRoute(site, localityRoute) ?? null);
  const { chat_number, chat_greeting } = site.settings;
  const recordEnquiry = (r: PreRentedEntry): TenantEnquiry => ({
    project: preRentedName(r),
    chatHref: chatLink(chat_number, preRentedEnquiryText(chat_greeting, r)),
  });
  const everyRecord = locality ? `${tenant} in ${locality.name}` : tenant;
  return {
    tenant,
    records: records.map((r) => ({ ...r, enquiry: recordEnquiry(r) })),
    enquiry:
      records.length === 1
        ? recordEnquiry(first)
        : {
            project: everyRecord,
            chatHref: chatLink(chat_number, tenantEnquiryText(chat_greeting, everyRecord)),
          },
    locality: locality && { route: locality.route, name: locality.name },
    portfolio: portfolioClaim(site.preRented.length),
  };
};
export type TenantPageData = NonNullable<ReturnType<typeof tenantPageData>>;

export const preRentedTableData = (site: SiteData) => {
  // The table shows no pictures; leaving them out keeps their files out of the page.
  const records = site.preRented.map(({ image: _image, ...record }) => record);
  // Sorted at build time: the browser would load Intl's collation data for it while hydrating.
  return { records, localityOptions: tableLocalityOptions(records, localityLinks(site)) };
};
export type PreRentedTableData = ReturnType<typeof preRentedTableData>;

/** A locality's page by its route or alias; null when no locality has it. */
export const localityPageData = (site: SiteData, route: string) => {
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
export type LocalityPageData = NonNullable<ReturnType<typeof localityPageData>>;
