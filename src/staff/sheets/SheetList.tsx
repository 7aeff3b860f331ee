import type { SheetSummary } from '../../schema/staff-sheets';
import { SheetUpload } from './SheetUpload';
import { sheetsClient } from './sheets-client';
import { when } from './when';
import styles from './SheetList.module.css';

/**
 * Every sheet with what it holds, its rows and its last change, and the
 * controls to Download Excel, Download CSV and Upload it.
 */
export interface SheetListProps {
  sheets: readonly SheetSummary[];
  busy: boolean;
  onUpload: (file: File, sheet: string) => void;
}

export function SheetList({ sheets, busy, onUpload }: SheetListProps) {
  return (
    <ul className={styles.list}>
      {sheets.map((sheet) => (
        <li key={sheet.file} className={styles.sheet} data-sheet={sheet.file}>
          <div className={styles.about}>
            <h3 id={`sheet-${sheet.file}`} className={styles.name}>
              {sheet.file}
            </h3>
            <p className={styles.description}>{sheet.description}</p>
            <p className={styles.meta}>
              {sheet.rows} {sheet.rows === 1 ? 'row' : 'rows'}
              {sheet.lastChange
                ? ` · last changed by ${sheet.lastChange.author}, ${when(sheet.lastChange.date)}`
                : ''}
            </p>
          </div>
          <div className={styles.actions}>
            <a className={styles.action} href={sheetsClient.download(sheet.file, 'xlsx')} download aria-describedby={`sheet-${sheet.file}`}>
              Download Excel
            </a>
            <a className={styles.action} href={sheetsClient.download(sheet.file, 'csv')} download aria-describedby={`sheet-${sheet.file}`}>
              Download CSV
            </a>
            <SheetUpload sheet={sheet.file} busy={busy} onUpload={onUpload} />
          </div>
        </li>
      ))}
    </ul>
  );
}
