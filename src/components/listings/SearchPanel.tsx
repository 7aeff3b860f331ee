import type { LocalityLink } from '../../data/localities';
import { localityPath, PATHS, projectListingPath } from '../../data/links';
import { useHydrated } from '../layout/use-hydrated';
import { FilterPanel } from '../ui/FilterPanel';
import { RadioGroup } from '../ui/RadioGroup';
import { BudgetControls } from './BudgetControls';
import type { BudgetChoice } from './use-listing-filter';
import styles from './SearchPanel.module.css';

type SearchType = 'Commercial' | 'Residential';
type SearchStatus = 'Under Construction' | 'Pre-Rented';

const ALL = 'all';

interface SearchPanelProps {
  type: SearchType;
  status: SearchStatus;
  localities: readonly LocalityLink[];
  /** Route of the chosen locality, or null for All Listing. */
  locality: string | null;
  onLocalityChange: (route: string | null) => void;
  /** Query kept when moving to another listing (the chosen locality), once the page's script runs. */
  carry: string;
  /** How many properties the listing shows, for the Filters control on phones. */
  count: number;
  /** The budget filters this listing offers (only once the page's script runs). */
  budgets: readonly BudgetChoice[];
}

function listingPath(type: SearchType, status: SearchStatus): string {
  if (status === 'Pre-Rented') return PATHS.preRented;
  return projectListingPath(type);
}

/**
 * SEARCH PROPERTY AS PER YOUR PREFERENCE: property type and status move to the
 * listing page for that choice; locality and budget filter this page in place. The budgets work
 * once the page's script runs, and are shown disabled until then. Until the
 * page's script runs (or without JavaScript) each locality is a link to its own
 * locality page, so every choice still leads somewhere useful.
 *
 * On a phone the panel folds behind a Filters control showing the result count, so the first
 * screen shows properties, not radios. It is a <details>, which opens before the script runs too;
 * on wider screens CSS keeps it open (::details-content), or the script where CSS cannot.
 */
export function SearchPanel({
  type,
  status,
  localities,
  locality,
  onLocalityChange,
  carry,
  count,
  budgets,
}: SearchPanelProps) {
  // Read here, not by the listing: its cards need not draw again when the script takes over.
  const hydrated = useHydrated();
  const query = carry === '' ? '' : `?${carry}`;
  const typeOptions = (['Commercial', 'Residential'] as const).map((value) => ({
    value,
    label: value,
    ...(value === type
      ? {}
      : { href: `${listingPath(value, value === 'Residential' ? 'Under Construction' : status)}${query}` }),
  }));
  const statusOptions = (['Under Construction', 'Pre-Rented'] as const).map((value) => ({
    value,
    label: value === 'Pre-Rented' ? 'Pre-Rented / Ready to move' : value,
    ...(value === status ? {} : { href: `${listingPath(type, value)}${query}` }),
  }));
  const localityOptions = [
    { value: ALL, label: 'All Listing' },
    ...localities.map((l) => ({
      value: l.route,
      label: l.name,
      ...(hydrated ? {} : { href: localityPath(l.route) }),
    })),
  ];
  return (
    <FilterPanel count={count} className={styles.panel}>
      <RadioGroup
        legend="Property type"
        name="type"
        options={typeOptions}
        value={type}
        onChange={() => undefined}
      />
      <RadioGroup
        legend="Property status"
        name="status"
        options={statusOptions}
        value={status}
        onChange={() => undefined}
      />
      <RadioGroup
        legend="Locality"
        name="locality"
        options={localityOptions}
        value={locality ?? ALL}
        onChange={(value) => onLocalityChange(value === ALL ? null : value)}
        className={styles.localities}
      />
      <BudgetControls budgets={budgets} hydrated={hydrated} className={styles.budget} />
    </FilterPanel>
  );
}
