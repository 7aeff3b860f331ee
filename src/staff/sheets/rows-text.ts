import type { RowCount } from '../../schema/staff-sheets';

/** "pre-rented.csv 2 changed 1 added" for each sheet, or the files' names when no sheet's rows changed (pictures). */
export function rowsText(rows: readonly RowCount[], files: readonly string[]): string {
  const parts = rows.map(({ sheet, added, removed, changed }) =>
    [sheet, changed > 0 ? `${changed} changed` : null, added > 0 ? `${added} added` : null, removed > 0 ? `${removed} removed` : null]
      .filter((part) => part !== null)
      .join(' '),
  );
  return parts.length > 0 ? parts.join('; ') : files.join(', ');
}
