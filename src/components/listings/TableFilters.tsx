import { useId } from 'react';
import type { FilterOption, PropertyType, TableFilter } from '../../data/table';
import { PROPERTY_TYPES } from '../../data/table';
import { useHydrated } from '../layout/use-hydrated';
import { FilterPanel } from '../ui/FilterPanel';
import controls from '../ui/filter-controls.module.css';
import styles from './TableFilters.module.css';

interface TableFiltersProps {
  filter: TableFilter;
  localities: readonly FilterOption[];
  /** How many rows the filters leave, for the Filters control on phones. */
  count: number;
  /** `typing` marks a change made while typing, which should not add a history entry per key. */
  onChange: (filter: TableFilter, typing?: boolean) => void;
}

const ANY = '';

/**
 * Locality, property type and a search over tenant and building, in the same panel and pills as
 * the other listing pages' filters.
 */
export function TableFilters({ filter, localities, count, onChange }: TableFiltersProps) {
  const id = useId();
  // The controls work only once the page's script runs; until then they are shown disabled.
  const enabled = useHydrated();
  const active = filter.locality !== null || filter.type !== null || filter.query !== '';
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
        <div className={styles.field}>
          <label htmlFor={`${id}-locality`} className={controls.label}>
            Locality
          </label>
          <select
            id={`${id}-locality`}
            className={controls.control}
            value={filter.locality ?? ANY}
            disabled={!enabled}
            onChange={(event) =>
              onChange({ ...filter, locality: event.target.value === ANY ? null : event.target.value })
            }
          >
            <option value={ANY}>All localities</option>
            {localities.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-type`} className={controls.label}>
            Property type
          </label>
          <select
            id={`${id}-type`}
            className={controls.control}
            value={filter.type ?? ANY}
            disabled={!enabled}
            onChange={(event) =>
              onChange({
                ...filter,
                type: PROPERTY_TYPES.find((t): t is PropertyType => t === event.target.value) ?? null,
              })
            }
          >
            <option value={ANY}>All types</option>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        {active ? (
          <button
            type="button"
            className={controls.choice}
            onClick={() => onChange({ locality: null, type: null, query: '' })}
          >
            Clear filters
          </button>
        ) : null}
      </form>
    </FilterPanel>
  );
}
