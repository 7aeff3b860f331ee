import type { ChangePlan, HistoryEntry } from '../../schema/staff-sheets';
import { rowsText } from './rows-text';
import { when } from './when';
import styles from './ChangeConfirm.module.css';

/** An Undo or Restore asked for, with what it would change. */
export type Asked = { kind: 'undo' | 'restore'; entry: HistoryEntry; plan: ChangePlan };

const pagesText = (count: number) =>
  count === 1 ? ' 1 page of the website changes.' : ` ${count} pages of the website change.`;

/**
 * Asks once before an Undo or Restore, saying what it changes: the rows, the website's pages, and
 * for a restore the later changes it takes back. An undo that later changes block names their cells.
 */
export function ChangeConfirm({ asked, busy, onYes, onNo }: { asked: Asked; busy: boolean; onYes: () => void; onNo: () => void }) {
  const { kind, plan } = asked;
  if (plan.blocked.length > 0)
    return (
      <div role="alert" className={styles.confirm}>
        <p>This change cannot be undone on its own: later changes touched the same cells.</p>
        <ul>
          {plan.blocked.map((cell) => (
            <li key={`${cell.sheet} ${cell.key} ${cell.column ?? ''}`}>
              {cell.sheet} {cell.letter === null ? cell.label : `${cell.letter}${cell.row ?? ''} (${cell.column ?? ''} of ${cell.label})`}
              {cell.by === null ? '' : `, changed by ${cell.by}`}
            </li>
          ))}
        </ul>
        <button type="button" className={styles.button} onClick={onNo}>
          Close
        </button>
      </div>
    );
  return (
    <div role="alertdialog" aria-label={kind === 'undo' ? 'Confirm the undo' : 'Confirm the restore'} className={styles.confirm}>
      <p>
        {kind === 'undo' ? 'Undo changes' : 'Restoring changes'} {rowsText(plan.rows, plan.files) || 'nothing'}.
        {pagesText(plan.pages.length)}
        {kind === 'restore'
          ? plan.takesBack.length === 0
            ? ' No later change is taken back.'
            : ` It takes back ${plan.takesBack.length === 1 ? 'this later change' : `these ${plan.takesBack.length} later changes`}:`
          : ' Every later change is kept.'}
      </p>
      {plan.takesBack.length > 0 ? (
        <ul>
          {plan.takesBack.map((later) => (
            <li key={later.id}>
              {later.message} ({later.author}, {when(later.at)})
            </li>
          ))}
        </ul>
      ) : null}
      {plan.pages.length > 0 ? (
        <details>
          <summary>The pages it changes</summary>
          <ul className={styles.pages}>
            {plan.pages.map((page) => (
              <li key={page.path}>
                {page.path} ({page.change})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.button} disabled={busy} onClick={onYes}>
          {busy ? 'Working…' : kind === 'undo' ? 'Undo it' : 'Restore it'}
        </button>
        <button type="button" className={styles.button} disabled={busy} onClick={onNo}>
          Cancel
        </button>
      </div>
      {busy ? (
        <p>It goes on if you leave this page or sign out: its entry appears at the top of this History once it is live.</p>
      ) : null}
    </div>
  );
}
