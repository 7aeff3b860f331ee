import type { ColumnDef, SortingState, Updater } from '@tanstack/react-table';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { SortKey, TableColumn, TableRecord } from '../../data/table';
import { useRef } from 'react';
import { PreRentedTableRow } from './PreRentedTableRow';
import { SortableHeader } from './SortableHeader';
import { useOverflowing } from './use-overflowing';
import styles from './PreRentedTable.module.css';

interface PreRentedTableProps {
  /** Rows already filtered and sorted (src/data/table.ts): the table only draws them. */
  rows: TableRecord[];
  columns: readonly TableColumn[];
  sorting: SortKey[];
  onSortingChange: (sorting: SortKey[]) => void;
  caption: string;
}

/**
 * The comparison table. @tanstack/react-table keeps the header behaviour
 * (click order, shift for more keys); sorting itself is done in src/data so
 * the table, the address and the CSV file agree, and the body draws those rows
 * as they come: the table's own row model would only copy them, 65 row objects
 * built while the page hydrates.
 */
export function PreRentedTable({ rows, columns, sorting, onSortingChange, caption }: PreRentedTableProps) {
  const defs: ColumnDef<TableRecord>[] = columns.map((c) => ({
    id: c.id,
    header: c.label,
    accessorFn: c.value,
  }));
  const onChange = (updater: Updater<SortingState>) =>
    onSortingChange((typeof updater === 'function' ? updater(sorting) : updater) as SortKey[]);
  // The React Compiler lint cannot see that this table instance is rebuilt from props on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting },
    onSortingChange: onChange,
    manualSorting: true,
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
  });
  const scroller = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(scroller);
  const byId = new Map(columns.map((c) => [c.id, c]));
  return (
    <>
      {overflowing ? (
        <p className={styles.hint}>Scroll the table sideways for all {columns.length} columns →</p>
      ) : null}
      <div
        ref={scroller}
        className={styles.scroller}
        tabIndex={0}
        role="region"
        aria-label="Pre-rented properties table"
      >
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id as TableColumn['id']);
                  return column ? (
                    <SortableHeader
                      key={header.id}
                      header={header}
                      label={column.label}
                      numeric={column.numeric}
                      primary={sorting[0]?.id === column.id}
                      keys={sorting.length}
                      className={column.id === 'tenant' ? styles.pinned : undefined}
                    />
                  ) : null;
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((record) => (
              <PreRentedTableRow key={record.row} record={record} columns={columns} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
