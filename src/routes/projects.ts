import type { ProjectPageData } from '../data/page-data/project-data';
import { projectPageData } from '../data/page-data/project-data';
import {
  decodePath,
  PATHS,
  projectListingPath,
  projectPath,
  underConstructionProjectPath,
} from '../data/links';
import { projectBySlug, summarise } from '../data/projects';
import type { ProjectEntry, SiteData } from '../schema/site';
import type { PageMeta } from './route';
import { defineRoute, lastSegment } from './route';
import { projectData } from './structured-data';

const onPage = (page: ProjectEntry['page']) => (site: SiteData) =>
  site.projects.filter((p) => p.page === page);

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

function projectMeta({ project }: ProjectPageData, site: SiteData): PageMeta {
  const where = `${project.sector}, ${project.city}`;
  const description = summarise(project.description.join(' '), DESCRIPTION_LENGTH);
  return {
    title: `${project.name}, ${where}`,
    description,
    canonical: project.path,
    image: project.hero_image,
    structuredData: [projectData(project, site)],
    breadcrumbs: [
      {
        name: project.type === 'Commercial' ? 'Commercial Property' : 'Residential Property',
        path: projectListingPath(project.type),
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
