import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Figure } from '../../data/staff';
import { download, fileName } from './download';
import styles from './NumbersFigure.module.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The height of one bar's row in a chart of bars across. */
const ROW_PX = 30;

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** A figure as a bar chart (Chart.js, on a canvas named for screen readers), and its download as a picture. */
export function NumbersChart({ figure }: { figure: Figure }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar', (number | null)[], string> | null>(null);

  useEffect(() => {
    if (canvas.current === null) return;
    const ink = token('--color-muted');
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: figure.rows.map((row) => row.label.replace(/^Week of /, '')),
        datasets: [
          {
            label: figure.unit,
            data: figure.rows.map((row) => row.value),
            backgroundColor: token('--color-gold-deep'),
            borderRadius: 3,
          },
        ],
      },
      options: {
        indexAxis: figure.across ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { enabled: true } },
        scales: {
          x: { ticks: { color: ink, precision: 0 }, grid: { display: figure.across } },
          y: { ticks: { color: ink, precision: 0 }, grid: { display: !figure.across }, beginAtZero: true },
        },
      },
    });
    return () => chart.current?.destroy();
  }, [figure]);

  const height = figure.across ? Math.max(3, figure.rows.length) * ROW_PX + 40 : 240;
  return (
    <>
      <div className={styles.chart} style={{ height }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${figure.title}: bar chart; its figures are in the table below`}
        />
      </div>
      <button
        type="button"
        className={styles.download}
        onClick={() => {
          if (chart.current !== null) download(chart.current.toBase64Image(), fileName(figure, 'png'));
        }}
      >
        Download image <span className="visually-hidden">of {figure.title}</span>
      </button>
    </>
  );
}
