import type { LocalityEntry, SiteData } from '../schema/site';

/** The locality whose page is /location/{route}, by its route or one of its route aliases. */
export function localityByRoute(site: SiteData, route: string): LocalityEntry | undefined {
  return site.localities.find((l) => l.route === route || l.route_aliases.includes(route));
}

/** Every address of every locality page (aliases included). */
export function localityRoutes(site: SiteData): string[] {
  return site.localities.flatMap((l) => [l.route, ...l.route_aliases]);
}

/** A locality as the navigation and the OTHER PROPERTY lists show it. */
export interface LocalityLink {
  route: string;
  name: string;
  count: number;
}

export function localityLinks(site: SiteData): LocalityLink[] {
  return site.localities.map(({ route, name, count }) => ({ route, name, count }));
}

/** "23 Properties", "1 Property" */
export function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'Property' : 'Properties'}`;
}

/**
 * The locality a `?locality=` value names, as its route, or null for All Listing.
 * An unknown value (an old or mistyped link) shows everything rather than nothing.
 */
export function localityFromParam(
  value: string | null,
  localities: readonly Pick<LocalityLink, 'route'>[],
): string | null {
  return localities.find((l) => l.route === value)?.route ?? null;
}

/** Items of one locality (by route), or all of them when route is null. Exact match on the locality's page route. */
export function inLocality<T extends { localityRoute: string | null }>(
  items: readonly T[],
  route: string | null,
): T[] {
  return route === null ? [...items] : items.filter((item) => item.localityRoute === route);
}
