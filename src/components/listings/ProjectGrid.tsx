import type { ProjectCard as ProjectCardData } from '../../data/projects';
import { CardGrid } from './CardGrid';
import { EmptyCategory } from './EmptyCategory';
import { ProjectCard } from './ProjectCard';

/** Project cards, or the empty-category message when there are none. */
export function ProjectGrid({
  projects,
  label,
  headingLevel = 3,
}: {
  projects: readonly ProjectCardData[];
  label?: string;
  headingLevel?: 3 | 4;
}) {
  if (projects.length === 0) return <EmptyCategory />;
  return (
    <CardGrid label={label}>
      {projects.map((project) => (
        <li key={project.slug}>
          <ProjectCard project={project} headingLevel={headingLevel} compact />
        </li>
      ))}
    </CardGrid>
  );
}
