import type { PreRentedEntry, SiteData } from '../schema/site';
import { formatMoney, formatPercent } from './format';
import { readBy } from './reads';

/** The records grouped by tenant and by locality route, each group in sheet order. */
interface PreRentedIndex {
  byTenant: ReadonlyMap<string, readonly PreRentedEntry[]>;
  byLocality: ReadonlyMap<string, readonly PreRentedEntry[]>;
}

function push<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group === undefined) groups.set(key, [value]);
  else group.push(value);
}

/*
 * Every tenant page and every locality page selects from the same records: grouping them once
 * per build keeps each page's cost independent of the size of the sheet. Keyed on the records
 * array rather than the site object, so a view of the site (a page's reading, reads.ts) shares it:
 * each lookup notes the one group it reads (readBy).
 */
const indexes = new WeakMap<readonly PreRentedEntry[], PreRentedIndex>();

function preRentedIndex(records: readonly PreRentedEntry[]): PreRentedIndex {
  let index = indexes.get(records);
  if (index === undefined) {
    const byTenant = new Map<string, PreRentedEntry[]>();
    const byLocality = new Map<string, PreRentedEntry[]>();
    for (const record of records) {
      push(byTenant, record.tenant, record);
      if (record.localityRoute !== null) push(byLocality, record.localityRoute, record);
    }
    index = { byTenant, byLocality };
    indexes.set(records, index);
  }
  return index;
}

const NO_RECORDS: readonly PreRentedEntry[] = [];

export function recordsOfTenant(site: SiteData, tenant: string): readonly PreRentedEntry[] {
  return preRentedIndex(readBy(site.preRented, 'tenant', tenant)).byTenant.get(tenant) ?? NO_RECORDS;
}

export function recordsInLocality(site: SiteData, route: string): readonly PreRentedEntry[] {
  return preRentedIndex(readBy(site.preRented, 'localityRoute', route)).byLocality.get(route) ?? NO_RECORDS;
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
  /** Monthly rent in rupees. */
  rent: number;
  /** 12 × rent ÷ asking price, or null when the sheet gives no asking price. */
  grossYield: number | null;
  /** Asking price in rupees, or null when the sheet gives none ("Price on request"). */
  askingPrice: number | null;
  /** Page the card opens. */
  path: string;
}

export function preRentedCard(record: PreRentedEntry, path: string): PreRentedCard {
  const { row, tenant, building, localityName, localityRoute, image, rent, grossYield } = record;
  return {
    row,
    tenant,
    building,
    localityName,
    localityRoute,
    image,
    rent,
    grossYield,
    askingPrice: record.asking_price,
    path,
  };
}

/** "₹3.57 Cr asking · 7.01% gross yield", or "Price on request" where the sheet gives no price. */
export function askingTerms(card: Pick<PreRentedCard, 'askingPrice' | 'grossYield'>): string {
  if (card.askingPrice === null) return 'Price on request';
  const price = `${formatMoney(card.askingPrice)} asking`;
  return card.grossYield === null ? price : `${price} · ${formatPercent(card.grossYield)} gross yield`;
}

/** What a lead names as its project when a visitor asks about one pre-rented property: its tenant and building. */
export function preRentedName(record: Pick<PreRentedEntry, 'tenant' | 'building'>): string {
  return `${record.tenant} at ${record.building}`;
}

/**
 * How many properties the firm can claim, rounded down to a ten ("60+"), so the
 * claim stays true as rows are added or sold; an exact figure below ten.
 */
export function portfolioClaim(count: number): string {
  return count < 10 ? String(count) : `${Math.floor(count / 10) * 10}+`;
}
