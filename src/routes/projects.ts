import { chatLink } from '../data/links';
import { projectBySlug, projectChatText, projectKeyFacts, reraLine, summarise } from '../data/projects';
import type { ProjectEntry, SiteData } from '../schema/site';
import type { PageMeta } from './route';
import { defineRoute, lastSegment } from './route';
import { projectData } from './structured-data';

const projectPage = (site: SiteData, project: ProjectEntry | undefined) =>
  project
    ? {
        project,
        keyFacts: projectKeyFacts(project),
        rera: reraLine(project.rera, site.settings.regulator_url),
        /** WhatsApp chat whose first message, already typed, names this project. */
        chatHref: chatLink(site.settings.chat_number, projectChatText(site.settings.chat_greeting, project)),
      }
    : null;
export type ProjectPageData = NonNullable<ReturnType<typeof projectPage>>;

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
        path: project.type === 'Commercial' ? '/ourProperty' : '/residential',
      },
      { name: project.name, path: project.path },
    ],
  };
}

export const projectRoutes = [
  defineRoute({
    id: 'feature',
    paths: (site) =>
      onPage('feature')(site).flatMap((p) => [p.slug, ...p.aliases].map((s) => `/feature/${s}`)),
    load: (site, path) => projectPage(site, projectBySlug(site, lastSegment(path))),
    meta: projectMeta,
    page: 'ProjectPage',
  }),
  defineRoute({
    id: 'property',
    paths: (site) => {
      const projects = onPage('property')(site);
      return [
        ...(projects.length > 0 ? ['/property'] : []),
        ...projects.flatMap((p) => [p.slug, ...p.aliases].map((s) => `/property/${s}`)),
      ];
    },
    load: (site, path) =>
      projectPage(
        site,
        path === '/property' ? onPage('property')(site)[0] : projectBySlug(site, lastSegment(path)),
      ),
    meta: projectMeta,
    page: 'ProjectPage',
  }),
  defineRoute({
    id: 'our-property-detail',
    paths: (site) => site.projects.map((p) => `/ourProperty/${p.slug}`),
    load: (site, path) => projectPage(site, projectBySlug(site, lastSegment(path))),
    meta: projectMeta,
    page: 'ProjectPage',
  }),
];
