import type { ProjectEntry, SiteData } from '../schema/site';
import { moneyParts } from './format';

/** The project whose page answers /feature/{slug} or /property/{slug}, by slug or alias. */
export function projectBySlug(site: SiteData, slug: string): ProjectEntry | undefined {
  return site.projects.find((p) => p.slug === slug || p.aliases.includes(slug));
}

/** What a project card shows anywhere on the site. */
export interface ProjectCard {
  slug: string;
  name: string;
  path: string;
  image: string;
  type: ProjectEntry['type'];
  sector: string;
  city: string;
  localityRoute: string | null;
  rera: string | null;
  /** "₹2.07 Cr onwards", rounded as a card's headline; null when the sheet gives no price. */
  price: string | null;
  /** The lowest price in rupees, for the budget filter; null when the sheet gives none. */
  priceFrom: number | null;
  /** "3 & 4 BHK apartments", or null. */
  configuration: string | null;
  /** "Sector 59, Golf Course Road": where it is, as buyers filter. */
  place: string;
  /** "Possession 2027 (expected)", "Ready to move", or null when the sheet says neither. */
  possession: string | null;
}

/** A card's possession line: the date the sheet gives, else the status when it is ready. */
function possessionLine(project: Pick<ProjectEntry, 'possession' | 'status'>): string | null {
  if (project.possession !== null) return `Possession ${project.possession}`;
  return project.status === 'Ready to Move' ? 'Ready to move' : null;
}

function projectCard(project: ProjectEntry): ProjectCard {
  const { slug, name, path, hero_image, type, sector, city, localityRoute, rera, configuration } = project;
  const price = priceOnwards(project.price_from);
  return {
    slug,
    name,
    path,
    image: hero_image,
    type,
    sector,
    city,
    localityRoute,
    rera,
    price,
    priceFrom: project.price_from,
    configuration,
    place: `${sector}, ${project.locality}`,
    possession: possessionLine(project),
  };
}

/**
 * "₹2.07 Cr onwards": a project's lowest price, the way projects are priced; null when the sheet
 * gives none. `exact` for the project page's key facts, its full details (see formatMoney).
 */
export function priceOnwards(amount: number | null, exact = false): string | null {
  if (amount === null) return null;
  const { figure, exact: digits } = moneyParts(amount);
  return exact && digits !== null ? `${figure} onwards (${digits})` : `${figure} onwards`;
}

/** One line of a project's key facts at the top of its page. */
export interface KeyFact {
  label: string;
  value: string;
}

/** Price, status, possession, developer and configuration, in that order; a fact the sheet leaves empty is left out. */
export function projectKeyFacts(
  project: Pick<ProjectEntry, 'price_from' | 'status' | 'possession' | 'developer' | 'configuration'>,
): KeyFact[] {
  const facts: [string, string | null][] = [
    ['Price', priceOnwards(project.price_from, true)],
    ['Status', project.status],
    ['Possession', project.possession],
    ['Developer', project.developer],
    ['Configuration', project.configuration],
  ];
  return facts.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}

/**
 * The projects the property search of /ourProperty or /residential lists: those in the search,
 * and every featured one, since the home page's VIEW ALL under them leads here.
 */
export function projectCards(site: SiteData, type: ProjectEntry['type']): ProjectCard[] {
  const featured = new Set(site.featured.map((card) => card.project));
  return site.projects
    .filter((p) => (p.in_search || featured.has(p.slug)) && p.type === type)
    .map(projectCard);
}

export function newDevelopmentCards(site: SiteData, type: ProjectEntry['type']): ProjectCard[] {
  return site.projects.filter((p) => p.new_development && p.type === type).map(projectCard);
}

export function projectsInLocality(site: SiteData, route: string, type: ProjectEntry['type']): ProjectCard[] {
  return site.projects.filter((p) => p.localityRoute === route && p.type === type).map(projectCard);
}

/** "RERA No. …", or "RERA: Coming Soon" when the sheet gives no number: every project shows a RERA line. */
export function reraLabel(rera: string | null): string {
  return rera === null ? 'RERA: Coming Soon' : `RERA No. ${rera}`;
}

/** The first chat message, typed for the visitor: the settings' greeting naming this project. */
export function projectChatText(
  greeting: string,
  project: Pick<ProjectEntry, 'name' | 'sector' | 'city'>,
): string {
  return `${greeting.trim()} ${project.name}, ${project.sector}, ${project.city}.`;
}

/** What a project page says about registration; a number always comes with the regulator's website. */
export type ReraLine =
  | {
      kind: 'number';
      label: string;
      number: string;
      regulatorUrl: string;
      /** The regulator's web address as people read it: haryanarera.gov.in */
      regulatorSite: string;
    }
  | { kind: 'coming-soon'; label: string };

export function reraLine(rera: string | null, regulatorUrl: string): ReraLine {
  const label = reraLabel(rera);
  if (rera === null) return { kind: 'coming-soon', label };
  const regulatorSite = new URL(regulatorUrl).host.replace(/^www\./, '');
  return { kind: 'number', label, number: rera, regulatorUrl, regulatorSite };
}

/** The player address that starts at once: it is loaded only when the visitor has pressed play. */
export function videoPlayerUrl(embed: string): string {
  const url = new URL(embed);
  url.searchParams.set('autoplay', '1');
  return url.href;
}

/** The video's own page, for visitors whose browser runs no script. */
export function videoPageUrl(embed: string): string {
  const url = new URL(embed);
  const id = url.pathname.split('/').filter(Boolean).at(-1);
  if (id === undefined) return embed;
  if (url.hostname.endsWith('youtube-nocookie.com') || url.hostname.endsWith('youtube.com')) {
    return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
  }
  if (url.hostname === 'player.vimeo.com') return `https://vimeo.com/${encodeURIComponent(id)}`;
  return embed;
}

/** Text cut at a word boundary to at most `max` characters, for search-result snippets. */
export function summarise(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
