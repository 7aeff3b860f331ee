import type { ProjectCard as ProjectCardData } from '../../data/projects';
import { ListingCard } from './ListingCard';
import { ReraLine } from './ReraLine';

interface ProjectCardProps {
  project: ProjectCardData;
  /** Level of the card's heading, so it nests under the section it sits in. */
  headingLevel?: 2 | 3 | 4;
  /** Picture beside the text on a phone, for long lists. */
  compact?: boolean;
}

/**
 * A project's card: picture, name, price, configuration (with its sizes), sector and locality,
 * possession, RERA state; the whole card opens the project page.
 */
export function ProjectCard({ project, headingLevel = 3, compact = false }: ProjectCardProps) {
  return (
    <ListingCard
      image={project.image}
      title={project.name}
      href={project.path}
      headingLevel={headingLevel}
      badge={project.type}
      highlight={project.price}
      compact={compact}
      footer={<ReraLine rera={project.rera} />}
    >
      {project.configuration ? <p>{project.configuration}</p> : null}
      <p>{project.place}</p>
      {project.possession ? <p>{project.possession}</p> : null}
    </ListingCard>
  );
}
