import type { ProjectSearchData } from '../../data/page-data/listing-data';
import { Section } from '../ui/Section';
import { ProjectGrid } from './ProjectGrid';
import { ResultCount } from './ResultCount';
import { SearchPanel } from './SearchPanel';
import { useLocalityFilter } from './use-locality-filter';

/** The search panel and the project grid it filters by locality, for /ourProperty and /residential. */
export function ProjectSearch({ data }: { data: ProjectSearchData }) {
  const filter = useLocalityFilter(data.projects, data.localities);
  return (
    <Section title="SEARCH PROPERTY AS PER YOUR PREFERENCE" tone="ivory">
      <SearchPanel
        type={data.type}
        status="Under Construction"
        localities={data.localities}
        locality={filter.locality}
        onLocalityChange={filter.setLocality}
        carry={filter.carry}
        count={filter.shown.length}
      />
      <ResultCount
        count={filter.shown.length}
        context={filter.place ? `in ${filter.place}` : 'across all localities'}
      />
      <ProjectGrid projects={filter.shown} label={`${data.type} projects`} />
    </Section>
  );
}
