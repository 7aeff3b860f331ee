import { useId } from 'react';
import type { PreRentedTableData } from '../../data/page-data/listing-data';
import type { TableState } from '../../data/table';
import {
  describeSorting,
  tableBudgetOptions,
  tableColumns,
  tableRows,
  tableStateFromParams,
  tableStateToParams,
} from '../../data/table';
import { countLabel } from '../../data/localities';
import { DownloadCsv } from './DownloadCsv';
import { PreRentedTable } from './PreRentedTable';
import { ResultCount } from './ResultCount';
import { TableFilters } from './TableFilters';
import { useUrlParams } from './use-url-params';
import styles from './PreRentedComparison.module.css';

/**
 * Filters, the sortable table and its CSV export; the whole state lives in the
 * address. The section keeps to the page's content column like every other.
 */
export function PreRentedComparison({ data }: { data: PreRentedTableData }) {
  const headingId = useId();
  const [params, setParams] = useUrlParams();
  const state = tableStateFromParams(params);
  const columns = tableColumns(data.records);
  const rows = tableRows(data.records, state);
  const update = (next: TableState, typing = false) =>
    setParams(tableStateToParams(next), { replace: typing });
  const order = describeSorting(state.sorting, columns);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.title}>
          All pre-rented properties
        </h2>
        <TableFilters
          filter={state.filter}
          localities={data.localityOptions}
          budgets={tableBudgetOptions(data.records)}
          count={rows.length}
          onChange={(filter, typing) => update({ ...state, filter }, typing)}
        />
        <div className={styles.bar}>
          <ResultCount count={rows.length} context={`of ${data.records.length}, sorted ${order}`} />
          <DownloadCsv rows={rows} columns={columns} />
        </div>
        <PreRentedTable
          rows={rows}
          columns={columns}
          sorting={state.sorting}
          onSortingChange={(sorting) => update({ ...state, sorting })}
          caption={`${countLabel(rows.length)} of ${data.records.length}, sorted ${order}. Select a column heading to sort by it; Shift-select to add a further key.`}
        />
        <p className={styles.note}>
          * Rent per sq ft worked out as monthly rent ÷ total area, where the lease does not state it.
          {columns.some((c) => c.id === 'grossYield')
            ? ' Gross yield is 12 × monthly rent ÷ asking price.'
            : ''}
        </p>
      </div>
    </section>
  );
}
