/**
 * `npm run bench:scale`: how the build grows with the pre-rented sheet.
 *
 * For 2,000 and 10,000 records it writes a copy of sheets/ whose pre-rented.csv
 * holds that many valid rows (the sheet's own rows, then generated ones spread
 * over the same localities, two records per tenant, reusing the sheet's
 * pictures), then builds the whole site from it in a private copy of the
 * project (so the shared src/generated and dist/ are never touched): the data
 * step, the client and server Vite builds, the pre-render and the sitemap.
 * Every step runs as its own process under /usr/bin/time, which reports its
 * CPU time and peak memory. Prints figures only; it never fails on them.
 *
 *   npm run bench:scale -- [--records 2000,10000] [--keep]
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '2000,10000' },
    keep: { type: 'boolean', default: false },
  },
});
const counts = values.records.split(',').map((n) => Number(n.trim()));
if (counts.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error(`--records takes whole numbers separated by commas, not "${values.records}".`);

/** What the project copy needs to build; generated and installed files stay out. */
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-ssr',
  'test-results',
  'playwright-report',
  '.generated',
  'sheets',
  'coverage',
]);
const SKIP_PATHS = new Set(['src/generated', 'public/media']);

async function copyProject(target: string): Promise<void> {
  await cp(root, target, {
    recursive: true,
    filter: (source) => {
      const path = relative(root, source).split('\\').join('/');
      if (path === '') return true;
      return !SKIP.has(path.split('/')[0] ?? '') && !SKIP_PATHS.has(path) && !/^dist[-.]/.test(path);
    },
  });
  await symlink(join(root, 'node_modules'), join(target, 'node_modules'), 'dir');
}

type Row = Record<string, string>;

/** The pre-rented sheet with `count` rows: its own first, then copies under new tenant names, two rows per tenant. */
async function scaledSheets(sheetsDir: string, count: number): Promise<void> {
  await cp(join(root, 'sheets'), sheetsDir, {
    recursive: true,
    filter: (source) => !source.startsWith(join(root, 'sheets/images')),
  });
  await symlink(join(root, 'sheets/images'), join(sheetsDir, 'images'), 'dir');
  const text = (await readFile(join(root, 'sheets/pre-rented.csv'), 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Row>(text, { header: true, skipEmptyLines: true });
  const original = parsed.data;
  if (original.length === 0) throw new Error('sheets/pre-rented.csv has no rows to copy.');
  const rows: Row[] = original.slice(0, count);
  for (let i = 0; rows.length < count; i += 1) {
    const source = original[i % original.length] as Row;
    rows.push({ ...source, tenant: `${source.tenant} ${Math.floor(i / 2) + 1}` });
  }
  await writeFile(join(sheetsDir, 'pre-rented.csv'), Papa.unparse(rows, { columns: parsed.meta.fields }));
}

interface Step {
  name: string;
  wallS: number;
  cpuS: number;
  maxRssMb: number;
}

/** Runs one build step as its own process under /usr/bin/time; throws with its output when it fails. */
async function timed(name: string, cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Step> {
  const report = join(cwd, `.time-${name.replace(/\W+/g, '-')}.txt`);
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', '-o', report, process.execPath, ...args], {
      cwd,
      env: { ...process.env, ...env },
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', fail);
    child.on('close', done);
  });
  if (code !== 0)
    throw new Error(`${name} failed (exit ${code}):\n${Buffer.concat(output).toString().slice(-3000)}`);
  const [wall = NaN, user = NaN, system = NaN, rssKb = NaN] =
    (await readFile(report, 'utf8')).trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return { name, wallS: wall, cpuS: user + system, maxRssMb: rssKb / 1024 };
}

async function countPages(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html')).length;
}

interface Build {
  records: number;
  pages: number;
  steps: Step[];
}

async function build(work: string, project: string, records: number): Promise<Build> {
  const sheets = join(work, `sheets-${records}`);
  const out = join(work, `site-${records}`);
  await scaledSheets(sheets, records);
  const env = { SITE_OUT: out, NODE_ENV: 'production' };
  const tsx = (script: string, ...args: string[]) => ['--import', 'tsx', join(project, script), ...args];
  const vite = join(project, 'node_modules/vite/bin/vite.js');
  const steps = [
    await timed(
      'data (sheets → JSON, pictures)',
      project,
      tsx('pipeline/build-data.ts', '--sheets', sheets),
      {},
    ),
    // Vite's own NODE_ENV handling: the client build is a production build either way.
    await timed('vite client build', project, [vite, 'build'], { SITE_OUT: out }),
    await timed('vite server build', project, [vite, 'build', '--ssr'], { SITE_OUT: out }),
    await timed('pre-render', project, tsx('pipeline/prerender.ts'), env),
    await timed('sitemap', project, tsx('pipeline/sitemap.ts'), env),
  ];
  return { records, pages: await countPages(out), steps };
}

const sum = (steps: readonly Step[], key: 'wallS' | 'cpuS') =>
  steps.reduce((total, step) => total + step[key], 0);

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'bench-scale-'));
  const project = join(work, 'project');
  const builds: Build[] = [];
  try {
    await mkdir(project);
    await copyProject(project);
    for (const records of counts) {
      process.stderr.write(`  building with ${records.toLocaleString('en-IN')} pre-rented records…\n`);
      builds.push(await build(work, project, records));
    }
  } finally {
    if (values.keep) console.log(`Kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }

  console.log(
    `\nScale benchmark · ${availableParallelism()} CPU cores · Node ${process.version} · every step a separate process (/usr/bin/time)\n`,
  );
  for (const { records, pages, steps } of builds) {
    console.log(
      `${records.toLocaleString('en-IN')} records → ${pages.toLocaleString('en-IN')} pages written`,
    );
    for (const step of steps) {
      console.log(
        `  ${step.name.padEnd(32)} ${step.wallS.toFixed(2).padStart(7)} s wall ${step.cpuS.toFixed(2).padStart(7)} s CPU ${step.maxRssMb.toFixed(0).padStart(6)} MB peak`,
      );
    }
    const peak = Math.max(...steps.map((s) => s.maxRssMb));
    console.log(
      `  ${'pipeline (data step)'.padEnd(32)} ${(steps[0]?.wallS ?? NaN).toFixed(2).padStart(7)} s`,
    );
    console.log(
      `  ${'total build'.padEnd(32)} ${sum(steps, 'wallS').toFixed(2).padStart(7)} s wall ${sum(steps, 'cpuS').toFixed(2).padStart(7)} s CPU ${peak.toFixed(0).padStart(6)} MB peak (largest step)\n`,
    );
  }
  const [small, large] = [builds[0], builds.at(-1)];
  if (small && large && large.pages > small.pages) {
    const pages = large.pages - small.pages;
    const marginal = (key: (b: Build) => number) => ((key(large) - key(small)) * 1000) / pages;
    const prerender = (b: Build) => b.steps.find((s) => s.name === 'pre-render')?.cpuS ?? NaN;
    console.log(
      `Marginal CPU per page (${large.records.toLocaleString('en-IN')} vs ${small.records.toLocaleString('en-IN')} records, ${pages.toLocaleString('en-IN')} more pages):`,
    );
    console.log(
      `  whole build ${marginal((b) => sum(b.steps, 'cpuS')).toFixed(2)} ms · pre-render alone ${marginal(prerender).toFixed(2)} ms`,
    );
  }
  console.log(
    'Targets: ≤ 1 ms CPU per additional page; the 10,000-record build in ≤ 20 s on 2 cores; peak memory < 1 GB.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
