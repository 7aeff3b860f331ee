import type { PreRentedEntry, SiteData } from '../schema/site';

export function recordsOfTenant(site: SiteData, tenant: string): PreRentedEntry[] {
  return site.preRented.filter((r) => r.tenant === tenant);
}

export function recordsInLocality(site: SiteData, route: string): PreRentedEntry[] {
  return site.preRented.filter((r) => r.localityRoute === route);
}

/** Tenants with records in a locality, in sheet order. */
export function tenantsInLocality(site: SiteData, route: string): string[] {
  return [...new Set(recordsInLocality(site, route).map((r) => r.tenant))];
}

/** What a pre-rented card in a grid shows. */
export interface PreRentedCard {
  row: number;
  tenant: string;
  building: string;
  localityName: string | null;
  localityRoute: string | null;
  image: string;
  /** Page the card opens. */
  path: string;
}

export function preRentedCard(record: PreRentedEntry, path: string): PreRentedCard {
  const { row, tenant, building, localityName, localityRoute, image } = record;
  return { row, tenant, building, localityName, localityRoute, image, path };
}

/**
 * How many properties the firm can claim, rounded down to a ten ("60+"), so the
 * claim stays true as rows are added or sold; an exact figure below ten.
 */
export function portfolioClaim(count: number): string {
  return count < 10 ? String(count) : `${Math.floor(count / 10) * 10}+`;
}
