/**
 * Joins the validated sheets into the site's data and computes what is never
 * typed in a sheet: locality counts, tenant list, page addresses, rent per
 * sq ft when left empty, gross yield.
 */
import { PATHS, projectPath } from '../../src/data/links';
import type { Project, Settings } from '../../src/schema';
import type { ImageAsset, PreRentedEntry, ProjectEntry, SiteData } from '../../src/schema/site';
import { localityResolver } from './locality-index';
import { roundTo } from './row-rules';
import type { RowOf, TableName } from './tables';

/** Every sheet's rows, all of them valid. */
export type SheetData = { readonly [K in TableName]: readonly RowOf<K>[] };

export interface DeriveInput {
  readonly settings: Settings;
  readonly sheets: SheetData;
  readonly rowNumbers: { readonly preRented: readonly number[] };
  readonly images: Record<string, ImageAsset>;
  readonly updated: Record<string, string>;
}

/** A project's canonical page: a "property" project's is the section's landing page. */
const canonicalPath = (project: Pick<Project, 'page' | 'slug'>): string =>
  project.page === 'property' ? PATHS.property : projectPath(project.page, project.slug);

function groupByProject<T extends { project: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.project);
    if (group === undefined) groups.set(row.project, [row]);
    else group.push(row);
  }
  return groups;
}

export function deriveSite({ settings, sheets, rowNumbers, images, updated }: DeriveInput): SiteData {
  const resolve = localityResolver(sheets.localities);

  const preRented = sheets.preRented.map((record, i): PreRentedEntry => {
    const typed = record.rent_per_sqft;
    const locality = resolve(record.locality);
    // These objects were converted for this run only. Completing them in place, rather than
    // copying with spread syntax, keeps 100,000 records from costing seconds in V8.
    return Object.assign(record, {
      row: rowNumbers.preRented[i] ?? 0,
      localityName: locality?.name ?? record.locality,
      localityRoute: locality?.route ?? null,
      rent_per_sqft: typed ?? roundTo(record.rent / record.total_area, 2),
      rentPerSqftComputed: typed === null,
      // A fraction (0.0712 is 7.12 %); four decimals keep the JSON short and the percentage exact to 0.01.
      grossYield: record.asking_price === null ? null : roundTo((12 * record.rent) / record.asking_price, 4),
    });
  });

  const highlights = groupByProject(sheets.highlights);
  const amenities = groupByProject(sheets.amenities);
  const gallery = groupByProject(sheets.gallery);
  const projects = sheets.projects.map(
    (project): ProjectEntry => ({
      ...project,
      localityRoute: resolve(project.locality)?.route ?? null,
      highlights: highlights.get(project.slug) ?? [],
      amenities: amenities.get(project.slug) ?? [],
      gallery: gallery.get(project.slug) ?? [],
      path: canonicalPath(project),
    }),
  );

  const counts = new Map<string, number>();
  const count = ({ localityRoute }: { localityRoute: string | null }) => {
    if (localityRoute !== null) counts.set(localityRoute, (counts.get(localityRoute) ?? 0) + 1);
  };
  preRented.forEach(count);
  projects.forEach(count);

  const projectBySlug = new Map(projects.map((project) => [project.slug, project]));
  const featured = sheets.featured.map((card) => {
    const project = projectBySlug.get(card.project);
    if (project === undefined) throw new Error(`deriveSite: featured project "${card.project}" passed the reference check but is missing`);
    return { ...card, image: card.image ?? project.hero_image, name: project.name, path: project.path, rera: project.rera };
  });

  return {
    settings,
    localities: sheets.localities.map((locality) => ({ ...locality, count: counts.get(locality.route) ?? 0 })),
    projects,
    preRented,
    tenants: [...new Set(preRented.map((record) => record.tenant))],
    featured,
    homePreRented: [...sheets.homePreRented],
    testimonials: [...sheets.testimonials],
    team: [...sheets.team],
    awards: [...sheets.awards],
    builders: [...sheets.builders],
    statistics: [...sheets.statistics],
    images,
    updated,
  };
}
