/**
 * `npm run bench:lighthouse`: Lighthouse on six page templates of the built
 * site, served by our own static server as a host would serve it, with
 * Lighthouse's default mobile emulation (a mid-range phone on a slow 4G
 * network, simulated). Prints the four category scores, LCP, CLS, TBT and the
 * page's JavaScript (its files gzipped at level 9, and the bytes the server actually sent,
 * brotli), next to the targets of the
 * performance issue. Prints figures only; it never fails on them.
 *
 *   npm run bench:lighthouse -- [--root dist] [--port 4390] [--runs 1]
 *
 * Build first (npm run build). CHROME_PATH overrides /usr/bin/chromium.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { PATHS } from '../src/data/links';
import { allPages } from '../src/routes/table';
import type { SiteData } from '../src/schema/site';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: process.env.SITE_OUT ?? 'dist' },
    port: { type: 'string', default: '4390' },
    runs: { type: 'string', default: '1' },
  },
});
const siteRoot = resolve(root, values.root);
const port = Number(values.port);
const runs = Math.max(1, Number(values.runs));
const base = `http://127.0.0.1:${port}`;

/** The Chromium flags every browser of this project runs with (docs: GUIDE.md). */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Targets of the performance issue (issue 7). */
const TARGETS = { performance: 98, others: 100, lcpMs: 1800, cls: 0.01, tbtMs: 50, jsKb: 90 };

interface Template {
  name: string;
  path: string;
  /** Whether the JavaScript budget applies: the page has no carousel and no table. */
  jsBudget: boolean;
}

async function templates(): Promise<Template[]> {
  const site = JSON.parse(await readFile(join(root, 'src/generated/site-data.json'), 'utf8')) as SiteData;
  const pages = allPages(site);
  const first = (routeId: string) => {
    const page = pages.find((p) => p.route.id === routeId);
    if (!page) throw new Error(`The route table has no page for route "${routeId}".`);
    return encodeURI(page.path);
  };
  return [
    { name: 'home', path: PATHS.home, jsBudget: false },
    { name: 'under construction', path: PATHS.underConstruction, jsBudget: true },
    { name: 'pre-rented table', path: PATHS.preRentedTable, jsBudget: false },
    { name: 'tenant', path: first('tenant'), jsBudget: true },
    { name: 'project', path: first('feature'), jsBudget: false },
    { name: 'locality', path: first('locality'), jsBudget: true },
  ];
}

async function startServer(): Promise<ChildProcess> {
  // Another server on the port would be measured in place of this build.
  const taken = await fetch(`${base}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Something already answers on ${base}/: stop it, or pass another --port.`);
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server/serve.ts'),
      '--root',
      siteRoot,
      '--port',
      String(port),
      '--data-dir',
      join(root, '.generated/bench-lighthouse-data'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exitCode: number | null = null;
  server.once('exit', (code) => (exitCode = code ?? 1));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (exitCode !== null)
      throw new Error(`The static server stopped (exit code ${exitCode}) before answering on ${base}/.`);
    try {
      if ((await fetch(`${base}/`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill();
  throw new Error(`The static server did not answer on ${base}/ (is ${siteRoot} built?).`);
}

interface Figures {
  version: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Addresses of the scripts the page loaded. */
  scripts: string[];
  /** Script bytes as sent (the server sends brotli where the browser takes it). */
  jsWireBytes: number;
  totalBytes: number;
  /** Audits that cost points, per category, for the report below the table. */
  misses: string[];
}

function figures(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const misses = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map(
        (ref) =>
          `${category}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? `score ${lhr.audits[ref.id]?.score ?? ''}`})`,
      ),
  );
  return {
    version: lhr.lighthouseVersion,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Figures['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
    jsWireBytes: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    misses,
  };
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART); such a run is tried again. */
const ATTEMPTS = 3;

async function audit(url: string): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      process.stderr.write(`  ${error instanceof Error ? error.message : String(error)} — trying again\n`);
    }
  }
}

async function auditOnce(url: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    return figures(result.lhr);
  } finally {
    chrome.kill();
  }
}

/** The run with the median performance score, as Lighthouse recommends for several runs. */
function median(all: Figures[]): Figures {
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)] ?? (all[0] as Figures);
}

const mark = (ok: boolean) => (ok ? ' ' : '✗');

/** The page's scripts gzipped at level 9: the budget's measure, whatever the server sends. */
async function gzipBytes(scripts: string[]): Promise<number> {
  const sizes = await Promise.all(
    scripts.map(async (url) => {
      const file = join(siteRoot, decodeURIComponent(new URL(url).pathname));
      return gzipSync(await readFile(file), { level: 9 }).length;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function main(): Promise<void> {
  const pages = await templates();
  const server = await startServer();
  const results: { template: Template; figures: Figures }[] = [];
  try {
    for (const template of pages) {
      const all: Figures[] = [];
      for (let run = 0; run < runs; run += 1) all.push(await audit(`${base}${template.path}`));
      results.push({ template, figures: median(all) });
      process.stderr.write(`  measured ${template.name} (${decodeURI(template.path)})\n`);
    }
  } finally {
    server.kill();
  }

  console.log(
    `\nLighthouse ${results[0]?.figures.version ?? ''} · mobile emulation, simulated slow 4G · ${siteRoot} · ${runs} run(s) per page, median shown`,
  );
  console.log(
    `Targets: performance ≥ ${TARGETS.performance}, others ${TARGETS.others}, LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms, JS ≤ ${TARGETS.jsKb} KB gzip (pages without a carousel or table). ✗ = misses its target.\n`,
  );
  console.log(
    'template            perf  a11y  best   seo   LCP s    CLS     TBT ms  JS KB gz  JS KB br  total KB  path',
  );
  for (const { template, figures: f } of results) {
    const js = (await gzipBytes(f.scripts)) / 1024;
    console.log(
      [
        template.name.padEnd(18),
        `${String(f.scores.performance).padStart(4)}${mark(f.scores.performance >= TARGETS.performance)}`,
        `${String(f.scores.accessibility).padStart(4)}${mark(f.scores.accessibility >= TARGETS.others)}`,
        `${String(f.scores['best-practices']).padStart(4)}${mark(f.scores['best-practices'] >= TARGETS.others)}`,
        `${String(f.scores.seo).padStart(4)}${mark(f.scores.seo >= TARGETS.others)}`,
        `${(f.lcpMs / 1000).toFixed(2).padStart(6)}${mark(f.lcpMs <= TARGETS.lcpMs)}`,
        `${f.cls.toFixed(3).padStart(6)}${mark(f.cls <= TARGETS.cls)}`,
        `${Math.round(f.tbtMs).toString().padStart(8)}${mark(f.tbtMs <= TARGETS.tbtMs)}`,
        `${js.toFixed(1).padStart(8)}${template.jsBudget ? mark(js <= TARGETS.jsKb) : ' '}`,
        `${(f.jsWireBytes / 1024).toFixed(1).padStart(9)}`,
        `${(f.totalBytes / 1024).toFixed(0).padStart(9)}`,
        ` ${decodeURI(template.path)}`,
      ].join(' '),
    );
  }
  const misses = results.filter((r) => r.figures.misses.length > 0);
  if (misses.length > 0) {
    console.log('\nAudits that cost points:');
    for (const { template, figures: f } of misses) console.log(`  ${template.name}: ${f.misses.join('; ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
