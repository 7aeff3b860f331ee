/**
 * Benchmark: how fast the pipeline reads and validates pre-rented sheets of
 * 1,000, 10,000 and 100,000 rows. Target: 100,000 rows in at most 1 s on a
 * 2-core machine.
 *
 * Each size is written into a temporary copy of the valid test fixture set, so
 * the figures cover the real code path: `readCsv` + `validateTable` for the
 * sheet alone, then `loadSite` end to end (all sheets, references, pictures,
 * derived data). Rows are varied like real ones (rents typed in lakh, with ₹ and
 * commas, several available areas, places without a page) from a fixed seed.
 *
 * Usage: tsx pipeline/bench-pipeline.ts [--sizes 1000,10000,100000] [--runs 3]
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SHEETS, type TableSheet } from '../src/schema';
import { loadSite } from './load-site';
import { median } from './median';
import { seededNumbers } from './seeded-numbers';
import type { Problem } from './sheets/problem';
import { validateTable } from './sheets/validate-table';

const FIXTURE = join(import.meta.dirname, '../tests/fixtures/valid');

const TENANTS = [
  'SBI Bank',
  'ICICI Bank',
  'HDFC Bank',
  'Axis Bank',
  'Kotak Mahindra Bank',
  'Yes Bank',
  'NYKAA',
  'SOCIAL',
  'Haldirams',
  'INOX',
  'PVR',
  'Starbucks',
  'McDonalds',
  'Dominos',
  'Tata Croma',
  'Reliance Trends',
  'Max Fashion',
  'Lenskart',
  'Decathlon',
  'WeWork',
  'Regus',
  'Awfis',
  'Smartworks',
  'Innov8',
  'Cult Fit',
  'Apollo Pharmacy',
  'Blinkit',
  'Zepto',
];
const BUILDINGS = [
  'Vatika Business Park',
  'Global Foyer',
  'Cyber Hub',
  'Unitech Arcadia',
  'DLF Galleria',
  'Ambience Mall',
  'Sector 12 Plaza',
  'Worldmark',
  'Airia Mall',
  'Good Earth Business Bay',
];
const LOCALITIES = [
  'Golf Course Road',
  'GCR',
  'golf course extension',
  'Dwarka Expressway',
  'Dwarka, Delhi',
  'Dwarka Delhi',
  'NH8',
  'Old Delhi',
  '',
];
const TYPES = ['Office', 'Retail', 'Bank'];
const ESCALATIONS = ['15% every 3 years', '5% every year', '-', '12% every 3 years'];
const IMAGES = [
  'pre-rented/sbi-bank.jpg',
  'pre-rented/nykaa.jpg',
  'pre-rented/social.jpg',
  'pre-rented/icici-bank.jpg',
  'pre-rented/haldirams.jpg',
];

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

function preRentedCsv(rows: number): string {
  const next = seededNumbers(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const header = Object.keys(SHEETS.preRented.schema.shape).join(',');
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const area = 500 + Math.floor(next() * 1200) * 50;
    const rent = Math.round(area * (40 + next() * 140));
    const style = next();
    const rentText =
      style < 0.4
        ? `₹${rent.toLocaleString('en-IN')}`
        : style < 0.7
          ? String(rent)
          : `${(rent / 1e5).toFixed(2)} Lakh`;
    const typedRate =
      next() < 0.3
        ? (Number.parseFloat(rentText.replace(/[^\d.]/g, '')) * (rentText.endsWith('Lakh') ? 1e5 : 1)) / area
        : null;
    const available = next() < 0.5 ? '-' : [area / 2, area].map(String).join('/');
    const price = next() < 0.5 ? '' : `${((rent * (120 + next() * 60)) / 1e7).toFixed(2)} Cr`;
    lines.push(
      [
        pick(TENANTS),
        // About 250 buildings, as a large city has; rows stay distinct through their rents.
        `${pick(BUILDINGS)} Tower ${1 + Math.floor(next() * 25)}`,
        pick(LOCALITIES),
        pick(TYPES),
        area.toLocaleString('en-IN'),
        available,
        String(3 + Math.floor(next() * 13)),
        next() < 0.2 ? '-' : String(1 + Math.floor(next() * 4)),
        rentText,
        typedRate === null ? '' : typedRate.toFixed(2),
        next() < 0.1 ? '-' : String(3 + Math.floor(next() * 10)),
        pick(ESCALATIONS),
        price,
        pick(IMAGES),
        // One record in a hundred is hidden, as records taken off the site for a while would be.
        i % 100 === 99 ? 'yes' : '',
      ]
        .map(quote)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

const perSecond = (rows: number, ms: number) => Math.round((rows / ms) * 1000).toLocaleString('en-US');
const ms = (value: number | undefined) => `${(value ?? NaN).toFixed(0)} ms`;

interface Timing {
  wall: number;
  /** CPU time of this process (all threads, garbage collection included): less sensitive to other load. */
  cpu: number;
}

async function timed<T>(work: () => T | Promise<T>): Promise<[T, Timing]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [result, { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 }];
}

async function bench(rows: number, runs: number): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pipeline-'));
  try {
    await cp(FIXTURE, dir, { recursive: true });
    const file = join(dir, SHEETS.preRented.file);
    await writeFile(file, preRentedCsv(rows));
    const sheet: Timing[] = [];
    const site: Timing[] = [];
    for (let run = 0; run < runs; run++) {
      const [problems, sheetTiming] = await timed(async () => {
        const found: Problem[] = [];
        validateTable(SHEETS.preRented as TableSheet, await readFile(file), found);
        return found;
      });
      const [loaded, siteTiming] = await timed(() => loadSite({ sheetsDir: dir }));
      const error = [...problems, ...loaded.problems].find((p) => p.severity === 'error');
      if (error !== undefined) throw new Error(`The generated sheet is invalid: ${JSON.stringify(error)}`);
      sheet.push(sheetTiming);
      site.push(siteTiming);
    }
    const wall = median(sheet.map((t) => t.wall));
    console.log(
      `${rows.toLocaleString('en-US').padStart(7)} rows  pre-rented.csv read + validate: ${ms(wall).padStart(8)} = ${perSecond(rows, wall).padStart(9)} rows/s` +
        ` (cpu ${ms(median(sheet.map((t) => t.cpu)))}, first run ${ms(sheet[0]?.wall)})` +
        `  |  loadSite, all 14 sheets: ${ms(median(site.map((t) => t.wall))).padStart(8)} = ${perSecond(rows, median(site.map((t) => t.wall))).padStart(9)} rows/s`,
    );
    return wall;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '3' },
  },
});
const [load] = loadavg();
console.log(
  `Pipeline benchmark: Node ${process.version}, ${availableParallelism()} CPUs, load average ${load?.toFixed(1)}; median of ${values.runs} runs`,
);
const sizes = values.sizes.split(',').map(Number);
const times = new Map<number, number>();
for (const size of sizes) times.set(size, await bench(size, Number(values.runs)));
const largest = times.get(100_000);
if (largest !== undefined) {
  console.log(
    `Target: 100,000 rows read and validated in at most 1,000 ms: ${largest <= 1000 ? 'met' : 'NOT met'} (${ms(largest)}).`,
  );
}
