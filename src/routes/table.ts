import type { SiteData } from '../schema/site';
import { companyRoutes } from './company';
import { listingRoutes } from './listings';
import { projectRoutes } from './projects';
import type { Route } from './route';

/** Every page of the site. Pre-rendering, the sitemap and the menus all read this table. */
export const ROUTES: readonly Route[] = [...listingRoutes, ...projectRoutes, ...companyRoutes];

export function routeById(id: string): Route | undefined {
  return ROUTES.find((route) => route.id === id);
}

/** Each concrete page: its route and its decoded path. A path claimed twice is a bug in the table. */
export function allPages(site: SiteData): { route: Route; path: string }[] {
  const seen = new Map<string, string>();
  return ROUTES.flatMap((route) =>
    route.paths(site).map((path) => {
      const owner = seen.get(path);
      if (owner !== undefined)
        throw new Error(`Path ${path} is claimed by routes "${owner}" and "${route.id}".`);
      seen.set(path, route.id);
      return { route, path };
    }),
  );
}
