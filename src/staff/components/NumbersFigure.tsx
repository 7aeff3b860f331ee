import { lazy, Suspense, useId } from 'react';
import type { Figure } from '../../data/staff';
import { figureCsv } from '../../data/staff';
import { download, fileName } from './download';
import styles from './NumbersFigure.module.css';

// Chart.js is loaded by this screen only, after its figures: the rest of the console never waits for it.
const NumbersChart = lazy(() =>
  import('./NumbersChart').then((module) => ({ default: module.NumbersChart })),
);

/** One chart of the Numbers screen, its table of figures behind it, and its downloads. */
export function NumbersFigure({ figure }: { figure: Figure }) {
  const titleId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {figure.title}
      </h2>
      <Suspense fallback={<p className={styles.drawing}>Drawing the chart…</p>}>
        <NumbersChart figure={figure} />
      </Suspense>
      <details className={styles.figures}>
        <summary>Table of figures</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">{figure.title}</caption>
          <thead>
            <tr>
              <th scope="col">{figure.by}</th>
              <th scope="col">{figure.unit}</th>
            </tr>
          </thead>
          <tbody>
            {figure.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value === null ? '–' : row.value.toLocaleString('en-IN')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <button
        type="button"
        className={styles.download}
        onClick={() =>
          download(
            new Blob([`\uFEFF${figureCsv(figure)}`], { type: 'text/csv;charset=utf-8' }),
            fileName(figure, 'csv'),
          )
        }
      >
        Download CSV <span className="visually-hidden">of {figure.title}</span>
      </button>
    </figure>
  );
}
