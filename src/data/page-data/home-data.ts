import type { SiteData } from '../../schema/site';
import { tenantPath } from '../links';

/** The home page: featured projects, pre-rented highlights, builders, figures and testimonials. */
export const homeData = (site: SiteData) => ({
  featured: site.featured,
  homePreRented: site.homePreRented.map((card) => ({ ...card, path: tenantPath(card.tenant) })),
  builders: site.builders,
  statistics: site.statistics.filter((s) => s.page === 'home'),
  testimonials: site.testimonials.filter((t) => t.page === 'home'),
  ownerPhoto: site.settings.owner_photo,
  videoPoster: site.settings.home_video_poster,
  brand: site.settings.brand_name,
});
export type HomeData = ReturnType<typeof homeData>;
