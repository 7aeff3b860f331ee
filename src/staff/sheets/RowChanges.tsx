import type { RowChange, SheetDiff } from '../../schema/staff-sheets';
import styles from './RowChanges.module.css';

/**
 * A change to a sheet as rows: each added, removed or changed row with its
 * spreadsheet row number; in a changed row the changed cells show the old
 * value struck through above the new one.
 */
export interface RowChangesProps {
  diff: SheetDiff;
  caption: string;
}

const WORDS: Record<RowChange['change'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

function rowLabel(change: RowChange): string {
  if (change.change === 'added') return `row ${change.after?.row ?? ''}`;
  if (change.change === 'removed') return `was row ${change.before?.row ?? ''}`;
  return change.before?.row === change.after?.row
    ? `row ${change.after?.row ?? ''}`
    : `row ${change.after?.row ?? ''} (was ${change.before?.row ?? ''})`;
}

export function RowChanges({ diff, caption }: RowChangesProps) {
  if (diff.changes.length === 0) return <p className={styles.none}>{caption}: no rows change.</p>;
  return (
    <div className={styles.scroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Change</th>
            {diff.header.map((name, i) => (
              <th key={i} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {diff.changes.map((change, r) => {
            const cells = (change.after ?? change.before)?.cells ?? [];
            return (
              <tr key={r} className={styles[change.change]}>
                <th scope="row">
                  {WORDS[change.change]} <span className={styles.row}>{rowLabel(change)}</span>
                </th>
                {diff.header.map((_, c) =>
                  change.cells.includes(c) ? (
                    <td key={c} className={styles.changedCell}>
                      <del aria-label={`was ${change.before?.cells[c] ?? ''}`}>{change.before?.cells[c] ?? ''}</del>
                      <ins>{change.after?.cells[c] ?? ''}</ins>
                    </td>
                  ) : (
                    <td key={c}>{cells[c] ?? ''}</td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
