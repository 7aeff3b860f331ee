import type { SiteData } from '../../schema/site';
import { formatStatistic } from '../format';

export const contactData = (site: SiteData) => ({
  testimonials: site.testimonials.filter((t) => t.page === 'contact'),
});
export type ContactData = ReturnType<typeof contactData>;

export const aboutData = (site: SiteData) => ({
  title: site.settings.about_title,
  paragraphs: site.settings.about_text,
  claims: site.statistics
    .filter((s) => s.page === 'about')
    .map((s) => ({ label: s.label, figure: formatStatistic(s.value, s.suffix) })),
  founderName: site.settings.founder_name,
  founderTitle: site.settings.founder_title,
  founderPhoto: site.settings.founder_photo,
  founderText: site.settings.founder_text,
  team: site.team,
  testimonials: site.testimonials.filter((t) => t.page === 'about'),
});
export type AboutData = ReturnType<typeof aboutData>;

export const achievementsData = (site: SiteData) => ({ awards: site.awards });
export type AchievementsData = ReturnType<typeof achievementsData>;

/**
 * The data of a page whose content is the same text for everyone. An empty
 * record rather than `{}`: any object fits `{}`, so a route that loads data
 * and names such a page would still compile.
 */
export type NoData = Record<string, never>;

export const noData = (): NoData => ({});
