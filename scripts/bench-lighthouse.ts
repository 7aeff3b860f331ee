/**
 * `npm run bench:lighthouse`: Lighthouse on six page templates of the built
 * site, served by our own static server as a host would serve it, with
 * Lighthouse's default mobile emulation (a mid-range phone on a slow 4G
 * network, simulated). Prints the four category scores, LCP, CLS, TBT and the
 * page's JavaScript (its files gzipped at level 9, and the bytes the server actually sent,
 * brotli) and CSS, next to the targets of the performance issues. Prints figures only; it
 * never fails on them.
 *
 * Beside the templates it measures a reference page: a bare HTML file holding only the home
 * page's hero picture, as the home page writes it (same sources and sizes), with no script,
 * font or stylesheet, served by the same server in the same run. Each template's LCP is shown
 * as a ratio to the reference's: on a shared machine the absolute figures move with the load,
 * the ratio much less. The reference is written into a folder of the bench's own beside a
 * linked view of the build, never into the build itself, so no visitor can be served it.
 *
 *   npm run bench:lighthouse -- [--root dist] [--port 4390] [--runs 3]
 *
 * Build first (npm run build). CHROME_PATH overrides /usr/bin/chromium.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
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
    runs: { type: 'string', default: '3' },
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

/** Targets of the performance issues (issue 7; issue 24 for the LCP ratio and TBT). */
const TARGETS = { performance: 98, others: 100, lcpMs: 1800, lcpRatio: 1.15, cls: 0.01, tbtMs: 50, jsKb: 90 };

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

/** Where the reference page is served: a path no build writes. */
const REFERENCE_PATH = '/bench-reference/';

/**
 * The home page's hero picture as the home page writes it (its `<picture>`, sources and sizes),
 * drawn at the size the hero draws it (the first screen), after the page's heading as plain
 * text. Chromium counts no largest paint for a page that is one picture filling the screen,
 * nor for a 1600 px picture spread over a phone's screen (too few bytes per pixel).
 */
async function heroPicture(): Promise<string> {
  const home = await readFile(join(siteRoot, 'index.html'), 'utf8');
  const picture = /<picture\b[^>]*>.*?<\/picture>/s.exec(home)?.[0];
  const heading = /<h1\b[^>]*>(.*?)<\/h1>/s.exec(home)?.[1];
  if (!picture || heading === undefined)
    throw new Error(
      `${join(siteRoot, 'index.html')} has no <picture> and <h1>: the reference needs its hero.`,
    );
  const drawn = picture.replace(
    /<img\b/,
    '<img style="display:block;width:100%;height:min(100svh,860px);object-fit:cover"',
  );
  return `<h1>${heading}</h1>${drawn}`;
}

/**
 * The folder the bench's server serves: every entry of the build, linked, plus the reference
 * page, which the server compresses as it does every page.
 */
async function benchSite(): Promise<string> {
  const view = join(root, `.generated/bench-lighthouse-site-${port}`);
  await rm(view, { recursive: true, force: true });
  await mkdir(view, { recursive: true });
  for (const entry of await readdir(siteRoot)) await symlink(join(siteRoot, entry), join(view, entry));
  const html = `<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference: the hero picture alone</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body style="margin:0"><main>${await heroPicture()}</main></body></html>`;
  const folder = join(view, REFERENCE_PATH);
  await mkdir(folder);
  await writeFile(join(folder, 'index.html'), html);
  return view;
}

async function startServer(servedRoot: string): Promise<ChildProcess> {
  // Another server on the port would be measured in place of this build. The first start
  // creates the lead database, which takes a while on a busy machine.
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
      servedRoot,
      '--port',
      String(port),
      '--data-dir',
      join(root, `.generated/bench-lighthouse-data-${port}`),
    ],
    {
      cwd: root,
      // The folder as built is what is measured, not a copy publishing would adopt and serve.
      env: { ...process.env, CONTENT_PUBLISH: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exitCode: number | null = null;
  server.once('exit', (code) => (exitCode = code ?? 1));
  for (let attempt = 0; attempt < 300; attempt += 1) {
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
  /** Stylesheet bytes as sent. */
  cssWireBytes: number;
  totalBytes: number;
  /** The picture the LCP painted, or null when the largest paint was text. */
  lcpUrl: string | null;
  /** Bytes of the requests the browser started before it asked for that picture, the page included. */
  bytesBeforeLcpResource: number;
  /**
   * Bytes of the requests that had finished when the LCP painted in the unthrottled load
   * (less pictures loaded at low priority): the requests Lighthouse's simulated LCP waits for.
   */
  bytesByLcp: number;
  /** Those requests, by file name: what to look at when a page is slower than the reference. */
  requestsByLcp: string[];
  /** Audits that cost points, per category, for the report below the table. */
  misses: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  priority?: string;
  transferSize?: number;
  networkRequestTime?: number;
  networkEndTime?: number;
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: { imageUrl?: string } };
}

/** The picture of the last LCP candidate that was a picture, from the trace (as Lighthouse's LCP image audit finds it). */
function lcpImageUrl(trace: { traceEvents: TraceEvent[] } | undefined): string | null {
  const candidates = (trace?.traceEvents ?? []).filter(
    (event) => event.name === 'LargestImagePaint::Candidate' && event.args?.data?.imageUrl,
  );
  return candidates.sort((a, b) => b.ts - a.ts)[0]?.args?.data?.imageUrl ?? null;
}

function figures(lhr: Result, trace: { traceEvents: TraceEvent[] } | undefined): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const observedLcp =
    (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)
      ?.items?.[0]?.observedLargestContentfulPaint ?? NaN;
  const bytes = (items: NetworkItem[]) => items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const ofType = (type: string) => requests.filter((r) => r.resourceType === type);
  const lcpUrl = lcpImageUrl(trace);
  const lcpRequest = requests.find((r) => r.url === lcpUrl);
  const before = lcpRequest
    ? requests.filter((r) => (r.networkRequestTime ?? Infinity) < (lcpRequest.networkRequestTime ?? 0))
    : [];
  const lowPriorityImage = (r: NetworkItem) =>
    r.resourceType === 'Image' && (r.priority === 'Low' || r.priority === 'VeryLow');
  const byLcp = requests.filter((r) => (r.networkEndTime ?? Infinity) <= observedLcp && !lowPriorityImage(r));
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
    scripts: ofType('Script').map((r) => r.url),
    jsWireBytes: bytes(ofType('Script')),
    cssWireBytes: bytes(ofType('Stylesheet')),
    totalBytes: bytes(requests),
    lcpUrl,
    bytesBeforeLcpResource: bytes(before),
    bytesByLcp: bytes(byLcp),
    requestsByLcp: byLcp.map((r) => decodeURI(new URL(r.url).pathname.split('/').pop() || '/')),
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
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    return figures(result.lhr, trace);
  } finally {
    chrome.kill();
  }
}

/** The run with the median LCP: its other figures are shown with it. */
function median(all: Figures[]): Figures {
  const sorted = [...all].sort((a, b) => a.lcpMs - b.lcpMs);
  return sorted[Math.floor(sorted.length / 2)] ?? (all[0] as Figures);
}

/**
 * TBT of every run, lowest first. On a shared machine one run's TBT moves by ±50 ms (the bare
 * reference page, with no script, has measured 62 ms): the median of the runs, shown with their
 * range, is steadier than the figure of the median-LCP run.
 */
const tbtOf = (all: Figures[]) => all.map((figures) => figures.tbtMs).sort((a, b) => a - b);

const mark = (ok: boolean) => (ok ? ' ' : '✗');
const kb = (bytes: number, width: number) => (bytes / 1024).toFixed(1).padStart(width);
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(', ');

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

/** Bytes of the stylesheets written into the page itself (<style>), as they are in the file. */
async function inlineCssBytes(path: string): Promise<number> {
  const html = await (await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity' } })).text();
  return [...html.matchAll(/<style\b[^>]*>(.*?)<\/style>/gs)].reduce(
    (sum, [, css = '']) => sum + Buffer.byteLength(css),
    0,
  );
}

async function main(): Promise<void> {
  const pages = await templates();
  const reference: Template = { name: 'reference', path: REFERENCE_PATH, jsBudget: false };
  const server = await startServer(await benchSite());
  const loadBefore = load();
  const all = new Map<Template, Figures[]>([reference, ...pages].map((t) => [t, []]));
  const inline = new Map<Template, number>();
  try {
    for (const template of pages) inline.set(template, await inlineCssBytes(template.path));
    // Round by round, the reference first: a change in the machine's load falls on every page alike.
    for (let run = 1; run <= runs; run += 1) {
      for (const [template, results] of all) {
        results.push(await audit(`${base}${template.path}`));
        process.stderr.write(
          `  run ${run}/${runs}: measured ${template.name} (${decodeURI(template.path)})\n`,
        );
      }
    }
  } finally {
    server.kill();
  }
  const results = [...all].map(([template, runsOf]) => ({
    template,
    figures: median(runsOf),
    tbt: tbtOf(runsOf),
  }));
  const referenceLcp = results[0]?.figures.lcpMs ?? NaN;

  console.log(
    `\nLighthouse ${results[0]?.figures.version ?? ''} · mobile emulation, simulated slow 4G · ${siteRoot} · ${runs} run(s) per page, the run with the median LCP shown; TBT is the runs' median, then their lowest and highest`,
  );
  console.log(`Load average (1, 5, 15 min): ${loadBefore} at the start, ${load()} at the end.`);
  console.log(
    `Targets: performance ≥ ${TARGETS.performance}, others ${TARGETS.others}, LCP ≤ ${TARGETS.lcpMs / 1000} s and ≤ ${TARGETS.lcpRatio}× the reference's, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms, JS ≤ ${TARGETS.jsKb} KB gzip (pages without a carousel or table). ✗ = misses its target.`,
  );
  console.log(
    'Reference: the home page\'s hero picture alone. "before pic" = KB of the requests started before the LCP picture\'s (the page included); "by LCP" = KB finished when the LCP painted (unthrottled), which the simulated LCP waits for; CSS = KB sent as stylesheets + KB written inline.\n',
  );
  console.log(
    'template            perf  a11y  best   seo   LCP s  ref s   ratio    CLS     TBT ms (range)  JS KB gz  JS KB br  CSS KB+inline  before pic  by LCP  total KB  path',
  );
  for (const { template, figures: f, tbt } of results) {
    const tbtMedian = tbt[Math.floor(tbt.length / 2)] ?? f.tbtMs;
    const tbtRange = `(${Math.round(tbt[0] ?? f.tbtMs)}–${Math.round(tbt.at(-1) ?? f.tbtMs)})`;
    const js = (await gzipBytes(f.scripts)) / 1024;
    const ratio = f.lcpMs / referenceLcp;
    console.log(
      [
        template.name.padEnd(18),
        `${String(f.scores.performance).padStart(4)}${mark(f.scores.performance >= TARGETS.performance)}`,
        `${String(f.scores.accessibility).padStart(4)}${mark(f.scores.accessibility >= TARGETS.others)}`,
        `${String(f.scores['best-practices']).padStart(4)}${mark(f.scores['best-practices'] >= TARGETS.others)}`,
        `${String(f.scores.seo).padStart(4)}${mark(f.scores.seo >= TARGETS.others)}`,
        `${(f.lcpMs / 1000).toFixed(2).padStart(6)}${mark(f.lcpMs <= TARGETS.lcpMs)}`,
        `${(referenceLcp / 1000).toFixed(2).padStart(5)}`,
        `${ratio.toFixed(2).padStart(6)}${mark(ratio <= TARGETS.lcpRatio)}`,
        `${f.cls.toFixed(3).padStart(6)}${mark(f.cls <= TARGETS.cls)}`,
        `${Math.round(tbtMedian).toString().padStart(8)}${mark(tbtMedian <= TARGETS.tbtMs)} ${tbtRange.padEnd(9)}`,
        `${js.toFixed(1).padStart(8)}${template.jsBudget ? mark(js <= TARGETS.jsKb) : ' '}`,
        kb(f.jsWireBytes, 9),
        `${kb(f.cssWireBytes, 7)} + ${kb(inline.get(template) ?? 0, 4)}`,
        kb(f.bytesBeforeLcpResource, 10),
        kb(f.bytesByLcp, 7),
        `${(f.totalBytes / 1024).toFixed(0).padStart(9)}`,
        ` ${decodeURI(template.path)}`,
      ].join(' '),
    );
  }
  console.log('\nRequests finished when the LCP painted (median run):');
  for (const { template, figures: f } of results)
    console.log(`  ${template.name}: ${f.requestsByLcp.join(', ')}${f.lcpUrl ? '' : ' (the LCP was text)'}`);
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
