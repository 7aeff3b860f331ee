import type { SiteData } from '../../schema/site';
import { PATHS, projectListingPath, tenantPath } from '../links';
import { projectBySlug } from '../projects';

/**
 * The links under FEATURED LISTING: VIEW ALL PROPERTIES + to the under-construction listing, as
 * the spec has it (2.3), and beside it VIEW ALL RESIDENTIAL + when a featured project is
 * residential, so that every card leads on to a page that shows it.
 */
function featuredViewAll(site: SiteData): { href: string; label: string }[] {
  const residential = site.featured.some((card) => projectBySlug(site, card.project)?.type === 'Residential');
  return [
    { href: PATHS.underConstruction, label: 'VIEW ALL PROPERTIES +' },
    ...(residential ? [{ href: projectListingPath('Residential'), label: 'VIEW ALL RESIDENTIAL +' }] : []),
  ];
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
