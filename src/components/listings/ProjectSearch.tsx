import { PROJECT_BUDGETS } from '../../data/budget';
import type { ProjectSearchData } from '../../data/page-data/listing-data';
import { Section } from '../ui/Section';
import { ProjectGrid } from './ProjectGrid';
import { ResultCount } from './ResultCount';
import { SearchPanel } from './SearchPanel';
import { useListingFilter } from './use-listing-filter';

/** The search panel and the project grid it filters by locality, for /ourProperty and /residential. */
export function ProjectSearch({ data }: { data: ProjectSearchData }) {
  const filter = useListingFilter(data.projects, data.localities, PROJECT_BUDGETS);
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
        budgets={filter.budgets}
      />
      <ResultCount
        count={filter.shown.length}
        context={filter.place ? `in ${filter.place}` : 'across all localities'}
      />
      <ProjectGrid projects={filter.shown} label={`${data.type} projects`} />
    </Section>
  );
}
