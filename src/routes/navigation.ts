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
  for (const { nav, paths } of ROUTES) {
    // Only routes in a menu list their paths: a tenant route's are thousands on a large site.
    if (!nav) continue;
    const path = paths(site)[0];
    if (path === undefined) continue;
    const link = { label: nav.label, href: encodePath(path) };
    for (const menu of nav.menus) menus[menu].push(link);
    if (nav.mobile !== undefined) mobile.push({ rank: nav.mobile, link });
  }
  menus.mobile = mobile.sort((a, b) => a.rank - b.rank).map((entry) => entry.link);
  return menus;
}
