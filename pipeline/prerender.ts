/**
 * Writes one static HTML file per page of the route table, from the Vite
 * client build (dist/), the SSR build (dist-ssr/) and the data the sheets
 * pipeline wrote. Run with NODE_ENV=production: React's development build
 * doubles the cost of every page.
 *
 * Large sites are rendered on every CPU core: this thread and worker threads
 * take pages in turn from one shared counter. Pages are written under a
 * staging folder and moved into dist/ only once every one of them rendered.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { minifySync } from 'vite';
import { FACES, webFontOf } from '../src/app/fonts';
import type { PageAssets } from '../src/app/payload';
import { PAYLOAD_FOLDER } from '../src/app/payload';
import { PATHS, encodePath } from '../src/data/links';
import type * as EntryServerModule from '../src/entry-server';
import { pageKeyProblem } from '../src/schema/cells';
import type { SiteData } from '../src/schema/site';
import { finishPages, inlineHash, routeStyles } from './critical-css';
import type { InlineHashes } from './headers';
import { INLINE_HASHES, buildPolicyBase, metaContentSecurityPolicy, pagePolicies } from './headers';

type EntryServer = typeof EntryServerModule;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, '..');

/** The file of a page, relative to dist/. */
function outputFile(path: string): string {
  if (path === PATHS.notFound) return '404.html';
  const parts = path.split('/').filter(Boolean);
  // The sheets pipeline refuses such keys already; this guards routes that build paths of their own.
  const bad = parts.find((part) => pageKeyProblem(part) !== null);
  if (bad !== undefined)
    throw new Error(`Cannot write page ${path}: "${bad}" cannot be part of a file name.`);
  return join(...parts, 'index.html');
}

/**
 * The files every page names: the entry script and the web fonts, which the page's boot script
 * fetches only after the lead picture has painted, and the site's one stylesheet, which the
 * page's styles are cut from (critical-css.ts). Nothing is preloaded: on a slow line nothing
 * competes with the picture. The boot script is minified: every byte of the HTML is a byte the
 * picture waits for.
 */
function assetsFor(manifest: Manifest, bootScript: string): { assets: PageAssets; stylesheet: string } {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('dist/.vite/manifest.json has no entry chunk. Run the client build first.');
  // With cssCodeSplit off, the site's one stylesheet is a manifest entry of its own.
  const styles = new Set(
    Object.values(manifest).flatMap((chunk) => [
      ...(chunk.css ?? []),
      ...(chunk.file.endsWith('.css') ? [chunk.file] : []),
    ]),
  );
  const [stylesheet, ...others] = styles;
  if (stylesheet === undefined || others.length > 0)
    throw new Error(`The client build should write one stylesheet; it wrote ${styles.size}.`);
  const fonts = Object.values(manifest)
    .flatMap((chunk) => chunk.assets ?? [])
    .flatMap((file) => webFontOf(`/${file}`) ?? []);
  const unique = [...new Map(fonts.map((font) => [font.family, font])).values()];
  if (unique.length !== FACES.length)
    throw new Error(`The client build should write ${FACES.length} web fonts; it wrote ${unique.length}.`);
  return {
    assets: { entry: `/${entry.file}`, boot: minified(bootScript), scripts: [], fonts: unique },
    stylesheet: `/${stylesheet}`,
  };
}

function minified(script: string): string {
  const { code, errors } = minifySync('boot.js', script);
  const [error] = errors;
  if (error !== undefined) throw new Error(`The boot script does not minify: ${error.message}`);
  return code;
}

/** The rendering every thread shares. */
interface RenderJob {
  /** The client build the pages link (its server bundle beside it, in `${dist}-ssr`). */
  dist: string;
  /** The site data JSON the pages are made from. */
  dataFile: string;
  staging: string;
  /** Every page in route-table order: route id, decoded path, file relative to the staging folder. */
  pages: { routeId: string; path: string; file: string }[];
  /** Files every page links. */
  assets: PageAssets;
  /** When the build started (ms since 1970), taken once so that every thread writes the same year. */
  builtAt: number;
  /** Over a SharedArrayBuffer: the next unclaimed page, and whether some thread failed. */
  claims: Int32Array;
}

const NEXT = 0;
const FAILED = 1;
/** Pages a thread claims at a time: few enough that the threads finish together. */
const BATCH = 32;
/** A worker starts in about the time a thread renders this many pages; smaller sites render on one thread. */
const PAGES_PER_THREAD = 1000;

interface Inputs {
  site: SiteData;
  server: EntryServer;
}

async function loadInputs(dist: string, dataFile: string): Promise<Inputs> {
  const site = JSON.parse(await readFile(dataFile, 'utf8')) as SiteData;
  const server = (await import(pathToFileURL(`${dist}-ssr/entry-server.js`).href)) as EntryServer;
  return { site, server };
}

/**
 * The server build is ES modules. Outside this project (SITE_OUT under /tmp) no package.json
 * says so, and tsx then converts the whole bundle to CommonJS: slower to run, and a worker
 * thread cannot load it at all.
 */
async function markServerBuildAsModules(dist: string): Promise<void> {
  await writeFile(join(`${dist}-ssr`, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}

/** Renders pages claimed from the job until none is left or another thread failed; returns how many. */
async function renderClaimed({ site, server }: Inputs, job: RenderJob): Promise<number> {
  const layout = server.layoutData(site, new Date(job.builtAt));
  let rendered = 0;
  for (;;) {
    const first = Atomics.add(job.claims, NEXT, BATCH);
    if (first >= job.pages.length || Atomics.load(job.claims, FAILED) !== 0) return rendered;
    for (const { routeId, path, file } of job.pages.slice(first, first + BATCH)) {
      const route = server.routeById(routeId);
      if (!route) throw new Error(`The server build has no route "${routeId}". Rebuild it.`);
      const document = server.pageDocument(site, layout, route, path, job.assets);
      if (document === null) throw new Error(`Route "${routeId}" lists ${path} but finds no content there.`);
      const target = join(job.staging, file);
      // Synchronous: the thread has nothing else to do meanwhile, and it saves a round trip per call.
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, await server.renderDocument(document));
      // Named by its content: pages alike in their data (and a page rebuilt unchanged) share one file.
      writeFileSync(join(job.staging, document.head.payload), document.payloadJson);
      rendered += 1;
    }
  }
}

/** The thread's part of the job; a failure stops the other threads at their next claim. */
async function renderShare(job: RenderJob, inputs: Inputs | Promise<Inputs>): Promise<number> {
  try {
    return await renderClaimed(await inputs, job);
  } catch (error) {
    Atomics.store(job.claims, FAILED, 1);
    throw error;
  }
}

/**
 * A worker running this module. Workers do not inherit tsx's loader hooks from the command
 * line, so each registers them before loading this file.
 */
function startWorker(job: RenderJob): Promise<number> {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: job });
  return new Promise((done, fail) => {
    let rendered = 0;
    worker.on('message', (count: number) => (rendered = count));
    worker.on('error', fail);
    worker.on('exit', (code) =>
      code === 0 ? done(rendered) : fail(new Error(`A pre-render worker stopped with exit code ${code}.`)),
    );
  });
}

/** Moves the tree `from` into `to`: a whole folder where `to` has none of its name, else entry by entry. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    const existing = await lstat(target).catch(() => null);
    if (entry.isDirectory() && existing?.isDirectory()) await moveInto(source, target);
    else await rename(source, target);
  }
}

export interface PrerenderOptions {
  /** The client build to write the pages into; its server bundle is `${dist}-ssr`. */
  dist: string;
  /** The site data JSON (`npm run data`'s output). */
  dataFile: string;
}

/**
 * Renders every page into `dist`; returns how many and on how many threads. The publisher
 * (server/publish/) calls it too, to render a new content build against bundles it reuses.
 */
export async function prerenderSite({ dist, dataFile }: PrerenderOptions) {
  await markServerBuildAsModules(dist);
  const inputs = await loadInputs(dist, dataFile);
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const pages = inputs.server.allPages(inputs.site);
  const { assets, stylesheet } = assetsFor(manifest, inputs.server.BOOT_SCRIPT);

  const job: RenderJob = {
    dist,
    dataFile,
    staging: `${dist}.pages-tmp`,
    pages: pages.map(({ route, path }) => ({ routeId: route.id, path, file: outputFile(path) })),
    assets,
    builtAt: Date.now(),
    claims: new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)),
  };
  const { staging } = job;
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, PAYLOAD_FOLDER), { recursive: true });
  const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(pages.length / PAGES_PER_THREAD)));
  const workers = Array.from({ length: threads - 1 }, () => startWorker(job));
  const results = await Promise.allSettled([renderShare(job, inputs), ...workers]);
  const failure = results.find((result) => result.status === 'rejected');
  const rendered = results.reduce(
    (sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0),
    0,
  );
  if (failure || rendered !== pages.length) {
    await rm(staging, { recursive: true, force: true });
    throw failure?.reason ?? new Error(`Rendered ${rendered} of ${pages.length} pages; nothing was written.`);
  }
  const written = job.pages.map(({ routeId, file }) => ({ routeId, file }));
  const { styles } = await routeStyles(staging, written, {
    href: stylesheet,
    css: await readFile(join(dist, stylesheet), 'utf8'),
  });
  // Each page's policy names its own inline styles: in its <meta>, and in the header rule that covers it (_headers).
  const scripts = [inlineHash(assets.boot)];
  const base = buildPolicyBase(root, inputs.site);
  await finishPages(
    staging,
    written,
    styles,
    (style) => metaContentSecurityPolicy({ ...base, inline: { styles: [style.hash], scripts } }),
    stylesheet,
  );
  const inline: InlineHashes = {
    scripts,
    pages: pagePolicies(
      job.pages.map(({ routeId, path }) => {
        const style = styles.get(routeId);
        if (!style) throw new Error(`Route "${routeId}" has no inline styles.`);
        return { routeId, path: encodePath(path), style: style.hash };
      }),
    ),
  };
  await mkdir(dirname(join(staging, INLINE_HASHES)), { recursive: true });
  await writeFile(join(staging, INLINE_HASHES), `${JSON.stringify(inline)}\n`);
  // Pages reach dist/ only once every one of them rendered: a failure leaves no half-written site.
  await moveInto(staging, dist);
  await rm(staging, { recursive: true, force: true });
  return { pages: pages.length, threads, inline };
}

async function main(): Promise<void> {
  const started = performance.now();
  const { pages, threads } = await prerenderSite({
    dist: resolve(root, process.env.SITE_OUT ?? 'dist'),
    dataFile: join(root, 'src/generated/site-data.json'),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Pre-rendered ${pages} pages on ${threads} ${threads === 1 ? 'thread' : 'threads'} in ${seconds} s.`,
  );
}

if (isMainThread) {
  if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename)
    main().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
} else {
  const job = workerData as RenderJob;
  parentPort?.postMessage(await renderShare(job, loadInputs(job.dist, job.dataFile)));
}
