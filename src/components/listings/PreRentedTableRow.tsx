import { tenantPath } from '../../data/links';
import type { TableColumn, TableRecord } from '../../data/table';
import { tableCellText } from '../../data/table';
import styles from './PreRentedTable.module.css';

interface PreRentedTableRowProps {
  record: TableRecord;
  columns: readonly TableColumn[];
}

/**
 * One record of the comparison table. A component of its own so that React hydrates the rows
 * one by one, yielding to the browser between them, rather than in one long task.
 */
export function PreRentedTableRow({ record, columns }: PreRentedTableRowProps) {
  return (
    <tr>
      {columns.map((column) =>
        column.id === 'tenant' ? (
          <th key={column.id} scope="row" className={styles.pinned}>
            <a href={tenantPath(record.tenant)}>{record.tenant}</a>
          </th>
        ) : (
          <td
            key={column.id}
            className={
              [column.numeric && styles.numeric, column.headline && styles.headline]
                .filter(Boolean)
                .join(' ') || undefined
            }
            data-label={column.label}
          >
            {tableCellText(column.id, record)}
            {column.id === 'rentPerSqft' && record.rentPerSqftComputed ? (
              <sup className={styles.mark}>*</sup>
            ) : null}
          </td>
        ),
      )}
    </tr>
  );
}
