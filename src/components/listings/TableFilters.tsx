import { useId } from 'react';
import type { FilterOption, PropertyType, TableFilter, tableBudgetOptions } from '../../data/table';
import { DEFAULT_TABLE_STATE, PROPERTY_TYPES, tableFilterActive } from '../../data/table';
import { useHydrated } from '../layout/use-hydrated';
import { FilterPanel } from '../ui/FilterPanel';
import { FilterSelect } from '../ui/FilterSelect';
import controls from '../ui/filter-controls.module.css';
import styles from './TableFilters.module.css';

interface TableFiltersProps {
  filter: TableFilter;
  localities: readonly FilterOption[];
  /** The rent, price and yield filters and the bands each offers (tableBudgetOptions). */
  budgets: ReturnType<typeof tableBudgetOptions>;
  /** How many rows the filters leave, for the Filters control on phones. */
  count: number;
  /** `typing` marks a change made while typing, which should not add a history entry per key. */
  onChange: (filter: TableFilter, typing?: boolean) => void;
}

const ANY = '';

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
        {budgets.map(({ param, legend, anyLabel, options }) =>
          options.length === 0 && filter[param] === null ? null : (
            <FilterSelect
              key={param}
              className={styles.field}
              label={legend}
              value={String(filter[param] ?? ANY)}
              anyLabel={anyLabel}
              options={options}
              disabled={!enabled}
              onChange={(value) => onChange({ ...filter, [param]: value === ANY ? null : Number(value) })}
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
