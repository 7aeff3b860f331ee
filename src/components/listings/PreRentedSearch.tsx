import { PRE_RENTED_BUDGETS } from '../../data/budget';
import { PATHS } from '../../data/links';
import type { PreRentedListData } from '../../data/page-data/listing-data';
import { Section } from '../ui/Section';
import { PreRentedGrid } from './PreRentedGrid';
import { ResultCount } from './ResultCount';
import { SearchPanel } from './SearchPanel';
import { TableLink } from './TableLink';
import { useListingFilter } from './use-listing-filter';
import styles from './PreRentedSearch.module.css';

/** The search panel with Pre-Rented chosen, and the pre-rented cards it filters by locality. */
export function PreRentedSearch({ data }: { data: PreRentedListData }) {
  const filter = useListingFilter(data.records, data.localities, PRE_RENTED_BUDGETS);
  return (
    <Section title="SEARCH PROPERTY AS PER YOUR PREFERENCE" tone="ivory">
      <SearchPanel
        type="Commercial"
        status="Pre-Rented"
        localities={data.localities}
        locality={filter.locality}
        onLocalityChange={filter.setLocality}
        carry={filter.carry}
        count={filter.shown.length}
        budgets={filter.budgets}
      />
      <div className={styles.bar}>
        <ResultCount
          count={filter.shown.length}
          context={filter.place ? `in ${filter.place}` : 'across all localities'}
        />
        <TableLink href={PATHS.preRentedTable} />
      </div>
      <PreRentedGrid cards={filter.shown} label="Pre-rented properties" />
    </Section>
  );
}
