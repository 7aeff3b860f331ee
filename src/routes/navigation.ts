import { encodePath } from '../data/links';
import type { SiteData } from '../schema/site';
import type { NavLink, NavMenu } from './route';
import { ROUTES } from './table';

const MENUS: readonly NavMenu[] = [
  'residential',
  'commercial',
  'main',
  'mobile',
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
  const mobile: { rank: number; link: NavLink }[] = [];
  for (const route of ROUTES) {
    const path = route.paths(site)[0];
    if (!route.nav || path === undefined) continue;
    const link = { label: route.nav.label, href: encodePath(path) };
    for (const menu of route.nav.menus) menus[menu].push(link);
    if (route.nav.mobile !== undefined) mobile.push({ rank: route.nav.mobile, link });
  }
  menus.mobile = mobile.sort((a, b) => a.rank - b.rank).map((entry) => entry.link);
  return menus;
}
