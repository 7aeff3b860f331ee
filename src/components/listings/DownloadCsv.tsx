import type { TableColumn, TableRecord } from '../../data/table';
import { tableCsv } from '../../data/table';
import { useHydrated } from '../layout/use-hydrated';
import styles from './DownloadCsv.module.css';

const FILE_NAME = 'pre-rented-properties.csv';

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the rows in view, in their order, as a CSV file of plain numbers. */
export function DownloadCsv({
  rows,
  columns,
}: {
  rows: readonly TableRecord[];
  columns: readonly TableColumn[];
}) {
  // Enabled once the script runs; read here so that the table does not draw again for it.
  const enabled = useHydrated();
  return (
    <button
      type="button"
      className={styles.button}
      disabled={!enabled}
      onClick={() => download(tableCsv(rows, columns))}
    >
      Download CSV
      <span className="visually-hidden"> of the {rows.length} properties shown</span>
    </button>
  );
}
