import type { ProjectPageData } from '../data/page-data/project-data';
import { projectPageData } from '../data/page-data/project-data';
import { absoluteUrl, decodePath, PATHS, projectPath, underConstructionProjectPath } from '../data/links';
import { projectBySlug, summarise } from '../data/projects';
import type { ProjectEntry, SiteData } from '../schema/site';
import type { PageMeta } from './route';
import { defineRoute, lastSegment } from './route';

const onPage = (page: ProjectEntry['page']) => (site: SiteData) =>
  site.projects.filter((p) => p.page === page);

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

function projectMeta({ project }: ProjectPageData, site: SiteData): PageMeta {
  const where = `${project.sector}, ${project.city}`;
  const description = summarise(project.description.join(' '), DESCRIPTION_LENGTH);
  const hero = site.images[project.hero_image];
  return {
    title: `${project.name}, ${where}`,
    description,
    canonical: project.path,
    image: project.hero_image,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Place',
        name: project.name,
        description,
        url: absoluteUrl(site.settings.site_url, project.path),
        ...(hero ? { image: absoluteUrl(site.settings.site_url, hero.url) } : {}),
        address: {
          '@type': 'PostalAddress',
          streetAddress: project.sector,
          addressLocality: project.city,
          addressCountry: 'IN',
        },
      },
    ],
    breadcrumbs: [
      {
        name: project.type === 'Commercial' ? 'Commercial Property' : 'Residential Property',
        path: project.type === 'Commercial' ? PATHS.underConstruction : PATHS.residential,
      },
      { name: project.name, path: project.path },
    ],
  };
}

export const projectRoutes = [
  defineRoute({
    id: 'feature',
    paths: (site) =>
      onPage('feature')(site).flatMap((p) =>
        [p.slug, ...p.aliases].map((s) => decodePath(projectPath('feature', s))),
      ),
    load: (site, path) => projectPageData(site, projectBySlug(site, lastSegment(path))),
    meta: projectMeta,
    page: 'ProjectPage',
  }),
  defineRoute({
    id: 'property',
    paths: (site) => {
      const projects = onPage('property')(site);
      return [
        ...(projects.length > 0 ? [PATHS.property] : []),
        ...projects.flatMap((p) => [p.slug, ...p.aliases].map((s) => decodePath(projectPath('property', s)))),
      ];
    },
    load: (site, path) =>
      projectPageData(
        site,
        path === PATHS.property ? onPage('property')(site)[0] : projectBySlug(site, lastSegment(path)),
      ),
    meta: projectMeta,
    page: 'ProjectPage',
  }),
  defineRoute({
    id: 'our-property-detail',
    paths: (site) => site.projects.map((p) => decodePath(underConstructionProjectPath(p.slug))),
    load: (site, path) => projectPageData(site, projectBySlug(site, lastSegment(path))),
    meta: projectMeta,
    page: 'ProjectPage',
  }),
];
