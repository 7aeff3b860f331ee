import type { SheetProblem } from '../../schema/staff-sheets';
import styles from './ProblemGrid.module.css';

/**
 * The uploaded sheet's rows with a problem, as a spreadsheet shows them
 * (column letters across, row numbers down), each bad cell marked and
 * numbered; the grid opens scrolled to the first one. Under it, each problem
 * of this sheet links to its cell; the other sheets' problems (there before
 * any upload) are folded under their own heading.
 */
export interface ProblemGridProps {
  sheet: string;
  /** The header row and the rows with a problem. */
  rows: readonly { row: number; cells: readonly string[] }[];
  letters: readonly string[];
  problems: readonly SheetProblem[];
}

const cellId = (row: number | null, column: string | null) => `cell-${row ?? 0}-${column ?? ''}`;

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

/** One problem in the list; `linked`: its cell is in the grid, and the place links to it. */
const item = (problem: SheetProblem, i: number, linked: boolean) => (
  <li key={i} className={problem.severity === 'error' ? styles.error : styles.warning}>
    {linked ? (
      <a href={`#${cellId(problem.row, problem.column)}`}>
        <strong>{place(problem)}</strong>
      </a>
    ) : (
      <strong>{place(problem)}</strong>
    )}
    {problem.severity === 'warning' ? ' (warning)' : ''}: {problem.message}
  </li>
);

export function ProblemGrid({ sheet, rows, letters, problems: found }: ProblemGridProps) {
  const problems = [...found].sort((a, b) => rank(a, sheet) - rank(b, sheet));
  const here = problems.filter((problem) => problem.sheet === sheet);
  const elsewhere = problems.filter((problem) => problem.sheet !== sheet);
  const marked = new Map<string, number>();
  here.forEach((problem, i) => {
    if (problem.row !== null && problem.column !== null) marked.set(`${problem.row}:${problem.column}`, i + 1);
  });
  const first = here.find((problem) => problem.row !== null && problem.column !== null);
  const openAtFirst = (element: HTMLElement | null) => {
    if (element === null || first === undefined) return;
    const cell = element.ownerDocument.getElementById(cellId(first.row, first.column));
    if (cell !== null) element.scrollLeft = Math.max(0, cell.offsetLeft - 48);
  };
  return (
    <div className={styles.wrap}>
      {here.length > 0 ? (
        <div ref={openAtFirst} className={styles.scroll} role="region" aria-label={`Rows of ${sheet}`} tabIndex={0}>
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
                      <td
                        key={letter}
                        id={number === undefined ? undefined : cellId(row, letter)}
                        className={number === undefined ? undefined : styles.bad}
                      >
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
        {here.map((problem, i) =>
          item(problem, i, marked.has(`${problem.row ?? ''}:${problem.column ?? ''}`)),
        )}
      </ol>
      {elsewhere.length > 0 ? (
        <details>
          <summary>
            Other sheets: {elsewhere.length} {elsewhere.length === 1 ? 'problem' : 'problems'}
          </summary>
          <ol className={styles.list}>{elsewhere.map((problem, i) => item(problem, i, false))}</ol>
        </details>
      ) : null}
    </div>
  );
}
