import type { LocalityPanel as Panel } from '../../data/listing-views';
import type { PreRentedCard } from '../../data/pre-rented';
import type { ProjectCard } from '../../data/projects';
import { EmptyCategory } from './EmptyCategory';
import { PreRentedGrid } from './PreRentedGrid';
import { ProjectGrid } from './ProjectGrid';
import { ResultCount } from './ResultCount';

interface LocalityPanelProps {
  panel: Panel<PreRentedCard, ProjectCard>;
  place: string;
  headingLevel?: 3 | 4;
}

/** The cards of one view of a locality page. */
export function LocalityPanel({ panel, place, headingLevel = 3 }: LocalityPanelProps) {
  if (panel.kind === 'projects') {
    return (
      <>
        <ResultCount count={panel.projects.length} context={`in ${place}`} />
        <ProjectGrid projects={panel.projects} label={`Projects in ${place}`} headingLevel={headingLevel} />
      </>
    );
  }
  return (
    <>
      <ResultCount count={panel.records.length} context={`pre-rented in ${place}`} />
      {panel.emptyNotice ? <EmptyCategory /> : null}
      <PreRentedGrid
        cards={panel.records}
        label={`Pre-rented properties in ${place}`}
        headingLevel={headingLevel}
      />
    </>
  );
}
