/**
 * Joins the validated sheets into the site's data and computes what is never
 * typed in a sheet: locality counts, tenant list, page addresses, rent per
 * sq ft when left empty, gross yield.
 *
 * Projects, records and localities marked hidden are left out here, so no
 * page, card, list, count or sitemap entry can show them: the pages and the
 * sitemap are made from this data only. The rows of other sheets that belong
 * to them (highlights, featured cards) stay in the sheets, unused.
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
  // Hidden localities still resolve, so their records keep the locality's name; they only lose the page.
  const resolve = localityResolver(sheets.localities);
  const routeOf = (locality: { route: string; hidden: boolean } | undefined) =>
    locality === undefined || locality.hidden ? null : locality.route;

  const preRented: PreRentedEntry[] = [];
  sheets.preRented.forEach((record, i) => {
    if (record.hidden) return;
    const typed = record.rent_per_sqft;
    const locality = resolve(record.locality);
    // These objects were converted for this run only. Completing them in place, rather than
    // copying with spread syntax, keeps 100,000 records from costing seconds in V8; `hidden`
    // becomes undefined, which the JSON leaves out, rather than being deleted (which slows V8 down).
    preRented.push(
      Object.assign(record, {
        hidden: undefined,
        row: rowNumbers.preRented[i] ?? 0,
        localityName: locality?.name ?? record.locality,
        localityRoute: routeOf(locality),
        rent_per_sqft: typed ?? roundTo(record.rent / record.total_area, 2),
        rentPerSqftComputed: typed === null,
        // A fraction (0.0712 is 7.12 %); four decimals keep the JSON short and the percentage exact to 0.01.
        grossYield: record.asking_price === null ? null : roundTo((12 * record.rent) / record.asking_price, 4),
      }),
    );
  });

  const highlights = groupByProject(sheets.highlights);
  const amenities = groupByProject(sheets.amenities);
  const gallery = groupByProject(sheets.gallery);
  const projects = sheets.projects
    .filter((project) => !project.hidden)
    .map(
    ({ hidden, ...project }): ProjectEntry => ({
      ...project,
      localityRoute: routeOf(resolve(project.locality)),
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
  const hiddenSlugs = new Set(sheets.projects.filter((project) => project.hidden).map((project) => project.slug));
  const featured = sheets.featured.flatMap((card) => {
    const project = projectBySlug.get(card.project);
    if (project !== undefined) {
      return [{ ...card, image: card.image ?? project.hero_image, name: project.name, path: project.path, rera: project.rera }];
    }
    if (hiddenSlugs.has(card.project)) return [];
    throw new Error(`deriveSite: featured project "${card.project}" passed the reference check but is missing`);
  });
  const tenants = [...new Set(preRented.map((record) => record.tenant))];
  const shownTenants = new Set(tenants);

  return {
    settings,
    localities: sheets.localities
      .filter((locality) => !locality.hidden)
      .map(({ hidden, ...locality }) => ({ ...locality, count: counts.get(locality.route) ?? 0 })),
    projects,
    preRented,
    tenants,
    featured,
    // A card of a tenant whose records are all hidden would lead to a page that is not there.
    homePreRented: sheets.homePreRented.filter((card) => shownTenants.has(card.tenant)),
    testimonials: [...sheets.testimonials],
    team: [...sheets.team],
    awards: [...sheets.awards],
    builders: [...sheets.builders],
    statistics: [...sheets.statistics],
    images,
    updated,
  };
}
