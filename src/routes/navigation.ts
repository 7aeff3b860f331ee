import { encodePath } from '../data/links';
import type { SiteData } from '../schema/site';
import type { NavLink, NavMenu } from './route';
import { ROUTES } from './table';

const MENUS: readonly NavMenu[] = [
  'residential',
  'commercial',
  'main',
  'footer-property',
  'footer-sellers',
  'footer-company',
  'footer-legal',
];

/** Every menu of the site, built from the route table: a page is linked wherever its route says. */
export function buildNavigation(site: SiteData): Record<NavMenu, NavLink[]> {
  const menus = Object.fromEntries(MENUS.map((menu) => [menu, [] as NavLink[]])) as Record<
    NavMenu,
    NavLink[]
  >;
  for (const route of ROUTES) {
    const path = route.paths(site)[0];
    if (!route.nav || path === undefined) continue;
    for (const menu of route.nav.menus) menus[menu].push({ label: route.nav.label, href: encodePath(path) });
  }
  return menus;
}
