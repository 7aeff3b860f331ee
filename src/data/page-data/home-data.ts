import type { SiteData } from '../../schema/site';
import { projectListingPath, tenantPath } from '../links';
import { projectBySlug } from '../projects';

/**
 * The links under FEATURED LISTING: the listing of each type of project featured, so that every
 * card leads on to a page that shows it; one VIEW ALL PROPERTIES when the cards are of one type.
 */
function featuredViewAll(site: SiteData): { href: string; label: string }[] {
  const types = [...new Set(site.featured.flatMap((card) => projectBySlug(site, card.project)?.type ?? []))];
  const label = (type: string) =>
    types.length === 1 ? 'VIEW ALL PROPERTIES +' : `VIEW ALL ${type.toUpperCase()} +`;
  return types.map((type) => ({ href: projectListingPath(type), label: label(type) }));
}

/** The home page: featured projects, pre-rented highlights, builders, figures and testimonials. */
export const homeData = (site: SiteData) => ({
  featured: site.featured,
  featuredViewAll: featuredViewAll(site),
  homePreRented: site.homePreRented.map((card) => ({ ...card, path: tenantPath(card.tenant) })),
  builders: site.builders,
  statistics: site.statistics.filter((s) => s.page === 'home'),
  testimonials: site.testimonials.filter((t) => t.page === 'home'),
  ownerPhoto: site.settings.owner_photo,
  videoPoster: site.settings.home_video_poster,
  brand: site.settings.brand_name,
});
export type HomeData = ReturnType<typeof homeData>;
