import type { Header } from '@tanstack/react-table';
import type { TableRecord } from '../../data/table';
import styles from './PreRentedTable.module.css';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

interface SortableHeaderProps {
  header: Header<TableRecord, unknown>;
  label: string;
  numeric: boolean;
  /** Whether this is the first sort key: only it carries aria-sort, as ARIA allows one sorted header. */
  primary: boolean;
  /** Number of sort keys in use, to show each key's place when there are several. */
  keys: number;
  className?: string;
}

/** A column header that sorts: click for ascending, descending, then unsorted; shift-click adds it as a further key. */
export function SortableHeader({ header, label, numeric, primary, keys, className }: SortableHeaderProps) {
  const direction = header.column.getIsSorted();
  const index = header.column.getSortIndex();
  const classes = [numeric ? styles.numeric : '', className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <th scope="col" className={classes} aria-sort={direction && primary ? ARIA_SORT[direction] : undefined}>
      <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
        {label}
        <span className={styles.arrow} data-direction={direction || 'none'} aria-hidden="true" />
        {direction && keys > 1 ? <span className={styles.rank}>{index + 1}</span> : null}
        {direction && !primary ? (
          <span className="visually-hidden">
            , sort key {index + 1}, {ARIA_SORT[direction]}
          </span>
        ) : null}
      </button>
    </th>
  );
}
