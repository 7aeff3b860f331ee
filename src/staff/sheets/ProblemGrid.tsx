import type { SheetProblem } from '../../schema/staff-sheets';
import styles from './ProblemGrid.module.css';

/** Sheets longer than this show only the rows with a problem. */
const ALL_ROWS_UP_TO = 200;

/**
 * The uploaded rows as a spreadsheet shows them (column letters across, row
 * numbers down), each bad cell marked and numbered; under it, every problem
 * with its row, column and message in plain words.
 */
export interface ProblemGridProps {
  sheet: string;
  records: readonly (readonly string[])[];
  letters: readonly string[];
  problems: readonly SheetProblem[];
}

const place = (problem: SheetProblem) =>
  [
    problem.sheet,
    problem.row === null ? null : `row ${problem.row}`,
    problem.column === null ? null : `column ${problem.column}${problem.field === null ? '' : ` (${problem.field})`}`,
  ]
    .filter((part) => part !== null)
    .join(', ');

/**
 * What stops publishing first, then what is worth a look; the uploaded sheet's before the other
 * sheets' (whose warnings are there before any upload). Otherwise in the checks' order.
 */
const rank = (problem: SheetProblem, sheet: string) =>
  (problem.severity === 'error' ? 0 : 2) + (problem.sheet === sheet ? 0 : 1);

export function ProblemGrid({ sheet, records, letters, problems: found }: ProblemGridProps) {
  const problems = [...found].sort((a, b) => rank(a, sheet) - rank(b, sheet));
  const here = problems.filter((problem) => problem.sheet === sheet);
  const marked = new Map<string, number>();
  problems.forEach((problem, i) => {
    if (problem.sheet === sheet && problem.row !== null && problem.column !== null)
      marked.set(`${problem.row}:${problem.column}`, i + 1);
  });
  const problemRows = new Set(here.map((problem) => problem.row));
  const rows = records
    .map((cells, i) => ({ row: i + 1, cells }))
    .filter(({ row }) => row === 1 || records.length <= ALL_ROWS_UP_TO || problemRows.has(row));
  return (
    <div className={styles.wrap}>
      {here.length > 0 ? (
        <div className={styles.scroll} role="region" aria-label={`Rows of ${sheet}`} tabIndex={0}>
          <table className={styles.grid}>
            <thead>
              <tr>
                <td />
                {letters.map((letter) => (
                  <th key={letter} scope="col">
                    {letter}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ row, cells }) => (
                <tr key={row} className={row === 1 ? styles.header : undefined}>
                  <th scope="row">{row}</th>
                  {letters.map((letter, c) => {
                    const number = marked.get(`${row}:${letter}`);
                    return (
                      <td key={letter} className={number === undefined ? undefined : styles.bad}>
                        {number === undefined ? null : (
                          <span className={styles.badge}>
                            <span aria-hidden="true">{number}</span>
                            <span className={styles.hidden}>Problem {number}: </span>
                          </span>
                        )}
                        {cells[c] ?? ''}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ol className={styles.list}>
        {problems.map((problem, i) => (
          <li key={i} className={problem.severity === 'error' ? styles.error : styles.warning}>
            <strong>{place(problem)}</strong>
            {problem.severity === 'warning' ? ' (warning)' : ''}: {problem.message}
          </li>
        ))}
      </ol>
    </div>
  );
}
