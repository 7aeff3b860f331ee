/**
 * `npm run bench:uploads`: whether one member's upload stalls the site for
 * everyone else (issue 33). Needs `npm run build` first.
 *
 * Starts the service as the README says (`tsx server/serve.ts` on a free port,
 * with a data folder of its own and publishing on, over a throw-away git copy
 * of sheets/), adds a staff member and signs them in with the one-time link
 * `npm run staff -- link` prints. Then, for each hostile upload the security
 * review sent (built here, never committed), it uploads the file while two
 * clients ask for the home page over and over, and prints the home page's
 * answer times (p50, p99) during the upload and the service's peak memory
 * (resident set, from /proc) above what it held idle just before the upload
 * (the service's own heap grows and shrinks between cases). Each case runs for at
 * least three seconds, so one refused at once still gets enough home pages to
 * count; between cases the upload worker is given time to leave. The goals:
 * home p99 under 1 s, memory under 300 MB above idle. Prints figures only;
 * it never fails on them. Linux only (/proc).
 *
 *   npm run bench:uploads -- [--ports 5400-5499]
 */
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import getPort, { portNumbers } from 'get-port';
import sharp from 'sharp';
import { csvRecords, styleOf, writeCsv } from '../server/sheets/csv-file';
import { descriptions } from '../server/sheets/live-sheets';
import { sheetWorkbook } from '../server/sheets/sheet-workbook';

const { values } = parseArgs({
  options: { ports: { type: 'string', default: process.env.BENCH_PORTS ?? '5400-5499' } },
});
const root = resolve(import.meta.dirname, '..');
const TSX = join(root, 'node_modules/.bin/tsx');
const run = promisify(execFile);
/** Each case asks for the home page at least this long. */
const MIN_CASE_MS = 3_000;
/** The upload worker leaves 10 s after its last file; the next case starts from an idle service. */
const SETTLE_MS = 12_000;
const EMAIL = 'bench.uploads@example.com';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function checkout(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-uploads-content-'));
  await cp(join(root, 'sheets'), join(dir, 'sheets'), { recursive: true });
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
  };
  const git = (...args: string[]) => run('git', args, { cwd: dir, env });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('commit', '--quiet', '--message', 'Sheets as the checkout has them');
  return dir;
}

// ---------------------------------------------------------------- the files

const liveBytes = await readFile(join(root, 'sheets/pre-rented.csv'));
const [HEADER = [], ...LIVE_ROWS] = csvRecords('pre-rented.csv', liveBytes).records;

/** `count` records made from the live ones, each tenant named apart. */
function records(count: number): string[][] {
  return [
    HEADER,
    ...Array.from({ length: count }, (_, i) => {
      const row = [...(LIVE_ROWS[i % LIVE_ROWS.length] ?? [])];
      row[0] = `${row[0]} ${i + 1}`;
      return row;
    }),
  ];
}

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('pre-rented');
  sheet.addRow(HEADER);
  fill(sheet);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A small workbook with a part rewritten, packed as tightly as zip allows: what exceljs would never write. */
async function rewritten(path: string, edit: (xml: string) => string): Promise<Uint8Array> {
  const parts = unzipSync(await workbook((sheet) => (sheet.getCell('A2').value = 'x')));
  parts[path] = strToU8(edit(strFromU8(parts[path] ?? new Uint8Array())));
  return zipSync(parts, { level: 9 });
}

/** A CSV of the live rows repeated to about `bytes`. */
function csvOf(bytes: number): Uint8Array {
  const perRow =
    writeCsv(records(LIVE_ROWS.length), styleOf('pre-rented.csv', null)).length / LIVE_ROWS.length;
  return writeCsv(records(Math.ceil(bytes / perRow)), styleOf('pre-rented.csv', null)).slice(0, bytes);
}

const genuine = async (count: number) =>
  sheetWorkbook({
    sheet: 'pre-rented.csv',
    records: records(count),
    columns: descriptions().get('pre-rented.csv')?.columns ?? [],
    version: '0'.repeat(40),
    localities: [],
    pictures: [],
  });

interface Case {
  readonly label: string;
  readonly name: string;
  readonly route: 'upload' | 'pictures';
  readonly bytes: () => Promise<Uint8Array>;
}

const CASES: Case[] = [
  {
    label: 'one cell at Z100000',
    name: 'pre-rented.xlsx',
    route: 'upload',
    bytes: () => workbook((sheet) => (sheet.getCell('Z100000').value = 'x')),
  },
  {
    label: 'genuine sheet, 2,000 rows',
    name: 'pre-rented.xlsx',
    route: 'upload',
    bytes: () => genuine(2_000),
  },
  {
    label: 'one cell of 100 MB',
    name: 'pre-rented.xlsx',
    route: 'upload',
    bytes: () =>
      rewritten('xl/sharedStrings.xml', (xml) => xml.replace('>x<', `>${'x'.repeat(100_000_000)}<`)),
  },
  {
    label: 'sharedStrings bomb, 150 MB',
    name: 'pre-rented.xlsx',
    route: 'upload',
    bytes: () =>
      rewritten('xl/sharedStrings.xml', (xml) =>
        xml.replace(/<si>.*<\/si>/s, '<si><t>Golf Course Road</t></si>'.repeat(5_000_000)),
      ),
  },
  {
    label: 'one long string in 20,000 × 15 cells',
    name: 'pre-rented.xlsx',
    route: 'upload',
    bytes: () =>
      workbook((sheet) => {
        const long = 'Golf Course Road '.repeat(50);
        for (let r = 0; r < 20_000; r++) sheet.addRow(HEADER.map(() => long));
      }),
  },
  {
    label: 'CSV of 24 MB',
    name: 'pre-rented.csv',
    route: 'upload',
    bytes: async () => csvOf(24 * 1024 * 1024),
  },
  {
    label: 'CSV of 10 MB',
    name: 'pre-rented.csv',
    route: 'upload',
    bytes: async () => csvOf(10 * 1024 * 1024),
  },
  {
    label: 'CSV of 7.9 MB',
    name: 'pre-rented.csv',
    route: 'upload',
    bytes: async () => csvOf(7.9 * 1024 * 1024),
  },
  {
    label: 'PNG of 16000 × 16000',
    name: 'site-plan.png',
    route: 'pictures',
    bytes: async () =>
      new Uint8Array(
        await sharp({
          create: { width: 16_000, height: 16_000, channels: 3, background: '#d8cbb0' },
          limitInputPixels: false,
        })
          .png()
          .toBuffer(),
      ),
  },
];

// ---------------------------------------------------------------- the service

function startService(port: number, dataDir: string, env: NodeJS.ProcessEnv) {
  const child = spawn(TSX, ['server/serve.ts', '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on(
    'exit',
    (code, signal) => (output += `\n(the service stopped: ${signal ?? `exit code ${code}`})\n`),
  );
  const origin = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    while (!output.includes(`${origin}/`)) {
      if (child.exitCode !== null) throw new Error(`The service did not start:\n${output}`);
      await sleep(100);
    }
  })();
  return { child, origin, ready, output: () => output };
}

/** The node process tsx started for the service: tsx runs the script in a child of its own. */
async function serverPid(tsxPid: number): Promise<number> {
  const children = (await readFile(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8')).trim().split(/\s+/);
  for (const pid of children) {
    if ((await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('serve.ts')) return Number(pid);
  }
  return tsxPid;
}

async function memory(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function signIn(origin: string, env: NodeJS.ProcessEnv): Promise<string> {
  const cli = (...args: string[]) => run(TSX, ['server/staff-cli.ts', ...args], { cwd: root, env });
  await cli('add', EMAIL, '--name', 'Bench Uploads', '--role', 'publisher');
  const url = (await cli('link', EMAIL)).stdout.match(/^https?:\/\/\S+$/m)?.[0];
  if (url === undefined) throw new Error('npm run staff -- link printed no address.');
  const link = new URL(url);
  const response = await fetch(`${origin}${link.pathname}${link.search}`, { redirect: 'manual' });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
  if (cookie === '') throw new Error(`The sign-in link answered ${response.status} and no session.`);
  return cookie;
}

// ---------------------------------------------------------------- measuring

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Asks for the home page from two clients until `until` settles and `MIN_CASE_MS` has passed; answer times in ms. */
async function homeTimes(origin: string, until: Promise<unknown>): Promise<number[]> {
  const started = performance.now();
  let done = false;
  // Settled either way; a failed upload is reported by its own caller, not as an unhandled rejection here.
  const finish = () => (done = true);
  void until.then(finish, finish);
  const times: number[] = [];
  const client = async () => {
    while (!done || performance.now() - started < MIN_CASE_MS) {
      const asked = performance.now();
      const response = await fetch(`${origin}/`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`The home page answered ${response.status}.`);
      times.push(performance.now() - asked);
    }
  };
  await Promise.all([client(), client()]);
  return times.sort((a, b) => a - b);
}

async function upload(origin: string, cookie: string, item: Case, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], item.name));
  if (item.route === 'upload') form.set('sheet', 'pre-rented.csv');
  else form.set('folder', 'projects');
  const started = performance.now();
  const send = () =>
    fetch(`${origin}/staff/api/sheets/${item.route}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: origin },
      body: form,
    });
  // A kept-alive connection the service closed as it was picked up fails before anything is read: sent again, once.
  const response = await send().catch(send);
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  let answer = `${response.status}`;
  try {
    const body = JSON.parse(text) as { status?: string; code?: string; records?: unknown[] };
    answer += ` ${body.code ?? body.status ?? ''}${body.records === undefined ? '' : ` (${body.records.length - 1} rows)`}`;
  } catch {
    answer += ' (not JSON)';
  }
  return { answer, seconds, bytes: text.length };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const ms = (value: number) => value.toFixed(0);
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`;

const [low, high] = values.ports.split('-').map(Number);
const port = await getPort({ host: '127.0.0.1', port: portNumbers(low ?? 5400, high ?? 5499) });
const contentDir = await checkout();
const dataDir = await mkdtemp(join(tmpdir(), 'bench-uploads-data-'));
// The quick start's own database (PGlite in the data folder), whatever the shell has set.
const { DATABASE_URL: _unused, ...inherited } = process.env;
const env: NodeJS.ProcessEnv = {
  ...inherited,
  PORT: String(port),
  DATA_DIR: dataDir,
  CONTENT_PUBLISH: 'true',
  CONTENT_REPO_DIR: contentDir,
  LEAD_RATE_LIMIT: '0',
};
const service = startService(port, dataDir, env);
// Stopped half-way (Ctrl-C), the service and the throw-away folders go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    service.child.kill('SIGTERM');
    void Promise.all([contentDir, dataDir].map((dir) => rm(dir, { recursive: true, force: true }))).then(() =>
      process.exit(1),
    );
  });
}
try {
  await service.ready;
  const pid = await serverPid(service.child.pid ?? 0);
  const cookie = await signIn(service.origin, env);
  console.log(
    `Service on ${service.origin} (pid ${pid}); load average ${loadavg()[0]?.toFixed(1)} at the start.`,
  );
  // Warm: the first home pages and a genuine upload load what every later request uses.
  await homeTimes(service.origin, Promise.resolve());
  await upload(service.origin, cookie, CASES[1] as Case, await genuine(65));
  await sleep(SETTLE_MS);
  const idle = (await memory(pid)).rss;
  const quiet = await homeTimes(service.origin, Promise.resolve());
  const rows = [
    [
      '(no upload)',
      '',
      '',
      '',
      String(quiet.length),
      ms(percentile(quiet, 50)),
      ms(percentile(quiet, 99)),
      '0',
    ],
  ];
  for (const item of CASES) {
    const bytes = await item.bytes();
    const before = (await memory(pid)).rss;
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await memory(pid)).rss);
        await sleep(20);
      }
    })();
    const sent = upload(service.origin, cookie, item, bytes);
    const times = await homeTimes(service.origin, sent);
    const { answer, seconds } = await sent;
    sampling = false;
    await sampler;
    rows.push([
      item.label,
      size(bytes.length),
      answer,
      seconds.toFixed(1),
      String(times.length),
      ms(percentile(times, 50)),
      ms(percentile(times, 99)),
      mb(Math.max(0, peak - before)),
    ]);
    console.log(`  ${rows.at(-1)?.join(' | ')}`);
    await sleep(SETTLE_MS);
  }
  const { hwm } = await memory(pid);
  console.log(
    `\nHome page while each upload is read (goal: p99 < 1000 ms; memory < 300 MB above idle before the upload):\n`,
  );
  const header = [
    'Upload',
    'File',
    'Answer',
    'Upload s',
    'Home pages',
    'p50 ms',
    'p99 ms',
    'Peak MB above idle',
  ];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nThe service's highest resident memory (VmHWM), its start-up included: ${mb(hwm)} MB; idle after warming up: ${mb(idle)} MB.`,
  );
  console.log(`Load average ${loadavg()[0]?.toFixed(1)} at the end.`);
} catch (error) {
  console.error(`The service's output:\n${service.output().slice(-4000)}`);
  throw error;
} finally {
  service.child.kill('SIGTERM');
  await new Promise((done) =>
    service.child.exitCode !== null ? done(null) : service.child.once('exit', done),
  );
  await rm(contentDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
