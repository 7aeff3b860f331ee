import type { ProjectEntry, SiteData } from '../../schema/site';
import { chatLink } from '../links';
import { projectChatText, projectKeyFacts, reraLine } from '../projects';

/** A project's page, or null when no project is there. */
export const projectPageData = (site: SiteData, project: ProjectEntry | undefined) =>
  project
    ? {
        project,
        keyFacts: projectKeyFacts(project),
        rera: reraLine(project.rera, site.settings.regulator_url),
        /** WhatsApp chat whose first message, already typed, names this project. */
        chatHref: chatLink(site.settings.chat_number, projectChatText(site.settings.chat_greeting, project)),
      }
    : null;
export type ProjectPageData = NonNullable<ReturnType<typeof projectPageData>>;
