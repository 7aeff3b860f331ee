import { useId } from 'react';
import type { BandOption } from '../../data/budget';
import type { FilterOption, PropertyType, TableFilter } from '../../data/table';
import { DEFAULT_TABLE_STATE, PROPERTY_TYPES, tableFilterActive } from '../../data/table';
import { useHydrated } from '../layout/use-hydrated';
import { FilterPanel } from '../ui/FilterPanel';
import { FilterSelect } from '../ui/FilterSelect';
import controls from '../ui/filter-controls.module.css';
import styles from './TableFilters.module.css';

interface TableFiltersProps {
  filter: TableFilter;
  localities: readonly FilterOption[];
  /** The rent, price and yield bands to offer (src/data/budget.ts). */
  budgets: Record<'rent' | 'price' | 'yield', readonly BandOption[]>;
  /** How many rows the filters leave, for the Filters control on phones. */
  count: number;
  /** `typing` marks a change made while typing, which should not add a history entry per key. */
  onChange: (filter: TableFilter, typing?: boolean) => void;
}

const ANY = '';

const BOUND_FIELDS = { rent: 'rentMax', price: 'priceMax', yield: 'yieldMin' } as const;

const BOUNDS = [
  { key: 'rent', label: 'Monthly rent', anyLabel: 'Any rent' },
  { key: 'price', label: 'Budget', anyLabel: 'Any price' },
  { key: 'yield', label: 'Gross yield', anyLabel: 'Any yield' },
] as const;

/**
 * A search over tenant and building, locality, property type, and the budget a buyer has in mind
 * (monthly rent, asking price, gross yield), in the same panel and pills as the other listing
 * pages' filters. A band no listing falls on either side of is not offered.
 */
export function TableFilters({ filter, localities, budgets, count, onChange }: TableFiltersProps) {
  const id = useId();
  // The controls work only once the page's script runs; until then they are shown disabled.
  const enabled = useHydrated();
  const active = tableFilterActive(filter);
  return (
    <FilterPanel count={count}>
      <form role="search" className={styles.filters} onSubmit={(event) => event.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor={`${id}-q`} className={controls.label}>
            Search tenant or building
          </label>
          <input
            id={`${id}-q`}
            className={controls.control}
            type="search"
            value={filter.query}
            placeholder="e.g. SBI, Sahara Mall"
            disabled={!enabled}
            onChange={(event) => onChange({ ...filter, query: event.target.value }, true)}
          />
        </div>
        <FilterSelect
          className={styles.field}
          label="Locality"
          value={filter.locality ?? ANY}
          anyLabel="All localities"
          options={localities}
          disabled={!enabled}
          onChange={(value) => onChange({ ...filter, locality: value === ANY ? null : value })}
        />
        <FilterSelect
          className={styles.field}
          label="Property type"
          value={filter.type ?? ANY}
          anyLabel="All types"
          options={PROPERTY_TYPES.map((type) => ({ value: type, label: type }))}
          disabled={!enabled}
          onChange={(value) =>
            onChange({ ...filter, type: PROPERTY_TYPES.find((t): t is PropertyType => t === value) ?? null })
          }
        />
        {BOUNDS.map(({ key, label, anyLabel }) =>
          budgets[key].length === 0 && filter[BOUND_FIELDS[key]] === null ? null : (
            <FilterSelect
              key={key}
              className={styles.field}
              label={label}
              value={String(filter[BOUND_FIELDS[key]] ?? ANY)}
              anyLabel={anyLabel}
              options={budgets[key]}
              disabled={!enabled}
              onChange={(value) =>
                onChange({ ...filter, [BOUND_FIELDS[key]]: value === ANY ? null : Number(value) })
              }
            />
          ),
        )}
        {active ? (
          <button
            type="button"
            className={controls.choice}
            onClick={() => onChange(DEFAULT_TABLE_STATE.filter)}
          >
            Clear filters
          </button>
        ) : null}
      </form>
    </FilterPanel>
  );
}
