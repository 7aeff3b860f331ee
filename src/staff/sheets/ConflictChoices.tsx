import type { CellConflict, ConflictChoice } from '../../schema/staff-sheets';
import { when } from './when';
import styles from './ConflictChoices.module.css';

/**
 * The cells a colleague and you both changed since your download, each at its
 * place (sheet, row, column) with both values, who made the live one and
 * when, and a choice of theirs or yours. Publish waits until each is chosen.
 */
export interface ConflictChoicesProps {
  conflicts: readonly CellConflict[];
  choices: readonly ConflictChoice[];
  onChoose: (choice: ConflictChoice) => void;
}

const place = (conflict: CellConflict) =>
  conflict.column === null
    ? `${conflict.sheet}, the row of ${conflict.label}`
    : `${conflict.sheet}, cell ${conflict.letter ?? ''}${conflict.row ?? ''}: ${conflict.column} of ${conflict.label}`;

const shown = (value: string | null, removed: string) => (value === null ? removed : value === '' ? '(empty)' : value);

export function ConflictChoices({ conflicts, choices, onChoose }: ConflictChoicesProps) {
  if (conflicts.length === 0) return null;
  const chosen = (conflict: CellConflict) =>
    choices.find((entry) => entry.sheet === conflict.sheet && entry.key === conflict.key && entry.column === conflict.column)
      ?.take;
  return (
    <section className={styles.conflicts} aria-labelledby="conflicts-title">
      <h3 id="conflicts-title" className={styles.title}>
        {conflicts.length === 1 ? 'A cell' : `${conflicts.length} cells`} changed by a colleague too: choose for each
      </h3>
      <ol className={styles.list}>
        {conflicts.map((conflict) => {
          const name = `${conflict.sheet} ${conflict.key} ${conflict.column ?? 'row'}`;
          const choose = (take: 'theirs' | 'yours') =>
            onChoose({ sheet: conflict.sheet, key: conflict.key, column: conflict.column, take });
          return (
            <li key={name} className={styles.conflict}>
              <fieldset>
                <legend>{place(conflict)}</legend>
                <label className={styles.option}>
                  <input type="radio" name={name} checked={chosen(conflict) === 'theirs'} onChange={() => choose('theirs')} />
                  <span>
                    Theirs: <strong>{shown(conflict.theirs, 'row removed')}</strong>
                    {conflict.by === null ? '' : ` (${conflict.by}${conflict.at === null ? '' : `, ${when(conflict.at)}`})`}
                  </span>
                </label>
                <label className={styles.option}>
                  <input type="radio" name={name} checked={chosen(conflict) === 'yours'} onChange={() => choose('yours')} />
                  <span>
                    Yours: <strong>{shown(conflict.yours, 'row removed')}</strong>
                  </span>
                </label>
                {conflict.base === null ? null : <p className={styles.base}>When you downloaded it: {shown(conflict.base, '')}</p>}
              </fieldset>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
