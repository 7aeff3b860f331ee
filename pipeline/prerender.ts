/**
 * Writes one static HTML file per page of the route table, from the Vite
 * client build (dist/), the SSR build (dist-ssr/) and the data the sheets
 * pipeline wrote. Run with NODE_ENV=production: React's development build
 * doubles the cost of every page.
 *
 * Large sites are rendered on every CPU core: this thread and worker threads
 * take pages in turn from one shared counter. A process that builds again and
 * again (the publisher's) keeps its second thread from one build to the next.
 * Pages are written under a staging folder and moved into dist/ only once
 * every one of them rendered, with the sitemap and robots.txt.
 *
 * A page's inline styles are its route's, cut from the route's pages (see
 * critical-css.ts). Each page is written once, with them, when they are known
 * as it is rendered: in a build against an earlier one, its route's earlier
 * styles, which a change of words keeps; in a build from nothing, those cut
 * from each route's first pages (the probe), rendered first. Only a page
 * written before, or with styles its route no longer has, is written again.
 * At 10,000 records that spares writing 870 MB a second time.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import {
  isMainThread,
  MessageChannel,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from 'node:worker_threads';
import { minifySync } from 'vite';
import { z } from 'zod';
import { FACES, webFontOf } from '../src/app/fonts';
import type { LayoutData, PageAssets } from '../src/app/payload';
import { PAYLOAD_FOLDER } from '../src/app/payload';
import { PATHS, encodePath } from '../src/data/links';
import type * as EntryServerModule from '../src/entry-server';
import type { PageReading } from '../src/entry-server';
import { pageKeyProblem } from '../src/schema/cells';
import type { SiteData } from '../src/schema/site';
import type { RouteStyle, StyleTraits } from './critical-css';
import type { EarlierStyles } from './critical-css';
import {
  finishPages,
  headAddition,
  inlineHash,
  routeStyles,
  selectedAttributes,
  styleSignature,
} from './critical-css';
import { PageFileWriter } from './page-file';
import { PROJECT_ROOT } from './project-root';
import type { SitemapEntry } from './sitemap';
import { newestChange, robotsTxt, sitemapEntry, sitemapXml } from './sitemap';
import { InputTableSchema, inputDigests, inputTable, unchangedPages } from './page-inputs';
import { compressSite } from './compress';
import { fileIdentity } from './images/known-pictures';
import type { StyleSample } from './style-sample';
import { styleSample } from './style-sample';
import type { InlineHashes } from './headers';
import {
  INLINE_HASHES,
  buildPolicyBase,
  metaContentSecurityPolicy,
  pagePolicies,
  writeHeaders,
} from './headers';

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

/** The file of a page, relative to dist/. */
export function outputFile(path: string): string {
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
  /**
   * Every page in route-table order: route id, decoded path, file relative to the staging folder,
   * and the digest an earlier build recorded for it, if any: such a page is rendered only when its
   * digest now differs (taking 17,000 digests is a second's work, shared like the rendering). A
   * page whose inputs all read as they did (page-inputs.ts) is not among them: it is not read.
   * A page that repeats an earlier one of its route under another spelling of its address names
   * it (`original`): it is read as that page, and linked to it when their content is the same.
   */
  pages: {
    routeId: string;
    path: string;
    file: string;
    known?: string;
    sample?: boolean;
    original?: { path: string; file: string };
  }[];
  /** Files every page links. */
  assets: PageAssets;
  /** When the build started (ms since 1970), taken once so that every thread writes the same year. */
  builtAt: number;
  /** Over a SharedArrayBuffer: the next unclaimed page, and whether some thread failed. */
  claims: Int32Array;
  /**
   * The attributes the stylesheet selects by (selectedAttributes): each thread takes the style
   * signature of a page as it writes it, rather than the styles step reading every page again.
   */
  selected: [string, boolean][];
  /**
   * Routes of one page, whose signature is not taken: that page is its route's one sample
   * whatever its signature (the listing and the table at 10,000 records, 11 and 8 MB to scan).
   */
  lone: string[];
  /**
   * How many of `pages`, the first, are the probe of a build with no earlier styles to go by: a
   * few pages of each route, whose styles are cut from them while the rest are rendered (0 when
   * there is none). Pages rendered once they are cut are written finished, once.
   */
  probe: number;
  /**
   * How many of `pages`, the first, are claimed one at a time: in a build against an earlier one,
   * the earlier build's samples, largest first. The very large pages of a big site (its listings
   * and table, a second each to render and sample at 10,000 records) are among them, each the
   * only page of its route: each thread takes one, rather than one thread all of them in turn.
   */
  alone: number;
  /** Each route's finish known from the start: an earlier build's styles, with this build's policy. */
  finishes: Finishes;
  /** Where the probe's finishes reach a worker thread; null on the thread that cuts them. */
  cut: MessagePort | null;
}

/**
 * What a thread writes at the top of a route's pages (headAddition: its inline styles and content
 * policy), and a digest of it: a page written so needs no second writing when the build's final
 * styles give its route the same.
 */
interface Finish {
  addition: string;
  key: string;
}
type Finishes = Record<string, Finish>;

/** What a page was read from: its inputs' keys (src/data/reads.ts), and the parts of the site data the sitemap dates it by. */
interface PageRead {
  inputs: readonly string[];
  parts: readonly string[];
}

/**
 * A page: its file; its document's digest, its payload's address and its style signature
 * (styleSignature) when it was written, or null for a page whose digest is the one the earlier
 * build recorded; its entry in the sitemap, if it has one; and what it was read from.
 */
type Rendered = [
  file: string,
  made: {
    digest: string;
    payload: string;
    signature: string;
    /**
     * Its style sample (style-sample.ts), for a page the earlier build sampled its route's
     * styles from: the styles step compares its skeleton, and cuts from its body should the
     * skeleton differ, rather than read a listing of 11 MB again.
     */
    sample?: StyleSample;
    /** The key of the finish it was written with (Finish), if any. */
    finish?: string;
    /**
     * For a page read as its original (RenderJob's `original`) and not written: the original's
     * file, which it is linked to once the pages are finished if their digests are the same
     * (prerenderSite), the page being rendered otherwise. Its payload and signature are the original's.
     */
    copy?: string;
  } | null,
  listed: SitemapEntry | null,
  read: PageRead,
];

const NEXT = 0;
const FAILED = 1;
/** How many pages of the probe are written. */
const PROBED = 2;
const CLAIMS = 3;
/**
 * Pages of each route in the probe. A route's few kinds of page (its style signatures) show in its
 * first pages; a kind first met later has the route's styles cut again, and its pages written
 * so far finished anew.
 */
const PROBE_PER_ROUTE = 32;
/** How long the cutting thread waits for the probe before it looks again whether a thread failed. */
const PROBE_WAIT_MS = 1000;
/**
 * Pages a thread claims at a time: few enough that the threads finish together. A full build's
 * threads take 32; a build against an earlier one takes 8 past the pages it claims alone (its
 * earlier samples), so that a large page that is not a sample seldom falls to the thread that
 * has another. (In a full build, 8 had both threads hold the listing and the table at once:
 * 1,162 MB at its peak at 10,000 records.)
 */
const BATCH = { full: 32, against: 8 };
/** A worker starts in about the time a thread renders this many pages; smaller sites render on one thread. */
const PAGES_PER_THREAD = 1000;
/** A page's digest costs about this share of rendering it. */
const DIGESTS_PER_RENDER = 20;

interface Inputs {
  site: SiteData;
  server: EntryServer;
}

async function loadInputs(dist: string, dataFile: string, loaded?: EntryServer): Promise<Inputs> {
  const site = JSON.parse(await readFile(dataFile, 'utf8')) as SiteData;
  const server = loaded ?? ((await import(pathToFileURL(`${dist}-ssr/entry-server.js`).href)) as EntryServer);
  return { site, server };
}

/**
 * The server build is ES modules. Outside this project (SITE_OUT under /tmp) no package.json
 * says so: Node would not load its `.js` files as modules, and tsx converts the whole bundle to
 * CommonJS, slower to run, which a worker thread cannot load at all.
 */
async function markServerBuildAsModules(dist: string): Promise<void> {
  await writeFile(join(`${dist}-ssr`, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}

/**
 * The next `batch` pages of the job to render, from `first` to before `end`, or the next one of
 * those claimed alone: a claim in the probe ends with it, so that no page past it is rendered
 * before its styles could be cut.
 */
function claim({ claims, probe, alone }: RenderJob, batch: number): [first: number, end: number] {
  for (;;) {
    const first = Atomics.load(claims, NEXT);
    const size = first < alone ? 1 : batch;
    const end = first < probe ? Math.min(first + size, probe) : first + size;
    if (Atomics.compareExchange(claims, NEXT, first, end) === first) return [first, end];
  }
}

/** Marks the job failed, so that every thread stops at its next claim and none waits for the probe. */
function fail(claims: Int32Array): void {
  Atomics.store(claims, FAILED, 1);
  Atomics.notify(claims, PROBED);
}

/** Whether every page of the probe is written: false once some thread failed. */
async function probeWritten({ claims, probe }: RenderJob): Promise<boolean> {
  for (;;) {
    if (Atomics.load(claims, FAILED) !== 0) return false;
    const written = Atomics.load(claims, PROBED);
    if (written >= probe) return true;
    const wait = Atomics.waitAsync(claims, PROBED, written, PROBE_WAIT_MS);
    if (wait.async) await wait.value;
  }
}

/**
 * Cuts the routes' styles from the probe once it is written, and hands them to the other threads:
 * given to the one thread that does it, with the pages it rendered so far.
 */
type Cut = (own: readonly Rendered[]) => Promise<Finishes>;

/** How a thread takes pages' style signatures: the attributes selected by, routes of one page, the frames' traits. */
interface Signing {
  attributes: ReadonlyMap<string, boolean>;
  lone: ReadonlySet<string>;
  frames: Map<string, StyleTraits>;
}

const signingFor = (job: RenderJob): Signing => ({
  attributes: new Map(job.selected),
  lone: new Set(job.lone),
  frames: new Map(),
});

/** This thread's writer of pages: it keeps a buffer, and the bytes of texts that thousands of pages hold. */
const pageFiles = new PageFileWriter();

/**
 * Renders a page read into the job's staging folder, with `finish` when its route's is known,
 * and its payload beside it; returns what the page record keeps of it.
 */
async function renderRead(
  server: EntryServer,
  job: RenderJob,
  page: { routeId: string; file: string; sample?: boolean },
  reading: PageReading,
  finish: Finish | undefined,
  { attributes, lone, frames }: Signing,
): Promise<NonNullable<Rendered[1]>> {
  const document = reading.document(job.assets);
  const target = join(job.staging, page.file);
  // Synchronous: the thread has nothing else to do meanwhile, and it saves a round trip per call.
  mkdirSync(dirname(target), { recursive: true });
  const parts = await server.renderDocumentParts(document);
  pageFiles.write(target, parts, finish?.addition);
  // Named by its content: pages alike in their data (and a page rebuilt unchanged) share one file.
  writeFileSync(join(job.staging, document.head.payload), document.payloadJson);
  return {
    digest: document.digest,
    payload: document.head.payload,
    signature: lone.has(page.routeId) ? '' : styleSignature(parts, attributes, frames),
    ...(page.sample === true ? { sample: styleSample(parts.join(''), attributes) } : {}),
    ...(finish === undefined ? {} : { finish: finish.key }),
  };
}

/**
 * Renders pages claimed from the job until none is left or another thread failed; returns them.
 * Past the probe, a thread writes pages finished as soon as it has the finishes: the cutting
 * thread (`cut`) makes them, the others take them from their port as they claim pages.
 */
async function renderClaimed({ site, server }: Inputs, job: RenderJob, cut?: Cut): Promise<Rendered[]> {
  const layout = server.layoutData(site, new Date(job.builtAt));
  const signing = signingFor(job);
  const rendered: Rendered[] = [];
  const batch = job.pages[0]?.known === undefined ? BATCH.full : BATCH.against;
  let finishes = job.finishes;
  let uncut = job.probe > 0;
  for (;;) {
    const [first, end] = claim(job, batch);
    if (first >= job.pages.length || Atomics.load(job.claims, FAILED) !== 0) return rendered;
    if (uncut && first >= job.probe) {
      if (cut !== undefined) {
        if (!(await probeWritten(job))) return rendered;
        finishes = await cut(rendered);
        uncut = false;
      } else if (job.cut !== null) {
        const received = receiveMessageOnPort(job.cut);
        if (received !== undefined) {
          finishes = received.message as Finishes;
          uncut = false;
        }
      }
    }
    for (let at = first; at < end; at += 1) {
      const page = job.pages[at];
      if (page === undefined) break;
      const { routeId, path, file, known, sample, original } = page;
      const route = server.routeById(routeId);
      if (!route) throw new Error(`The server build has no route "${routeId}". Rebuild it.`);
      const reading = server.readPage(site, layout, route, path, original?.path);
      if (reading === null) throw new Error(`Route "${routeId}" lists ${path} but finds no content there.`);
      const read = { inputs: reading.inputs, parts: reading.reads };
      const listed = sitemapEntry(site, { route, path }, reading.meta, reading.reads);
      if (reading.digest === known) {
        rendered.push([file, null, listed, read]);
        continue;
      }
      // Past the probe, whose files the styles are cut from, nothing reads a copy's HTML before it is linked.
      if (original !== undefined && sample !== true && at >= job.probe) {
        const made = { digest: reading.digest, payload: '', signature: '', copy: original.file };
        rendered.push([file, made, listed, read]);
        continue;
      }
      rendered.push([
        file,
        await renderRead(server, job, page, reading, finishes[routeId], signing),
        listed,
        read,
      ]);
    }
    const probed = Math.min(end, job.probe) - first;
    if (probed > 0) {
      Atomics.add(job.claims, PROBED, probed);
      Atomics.notify(job.claims, PROBED);
    }
  }
}

/** The thread's part of the job; a failure stops the other threads at their next claim. */
async function renderShare(job: RenderJob, inputs: Inputs | Promise<Inputs>, cut?: Cut): Promise<Rendered[]> {
  try {
    return await renderClaimed(await inputs, job, cut);
  } catch (error) {
    fail(job.claims);
    throw error;
  }
}

/**
 * Runs this module in a worker. Compiled (compile-prerender.ts), it is plain JavaScript. From its
 * source (the publisher's, the tests'), it needs tsx's loader hooks, which workers do not inherit
 * from the command line: each registers them before loading this file.
 */
const BOOTSTRAP = import.meta.url.endsWith('.ts')
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`
  : `import(${JSON.stringify(import.meta.url)});`;

/** A worker that takes its share of one job, then ends. */
function startWorker(job: RenderJob): Promise<Rendered[]> {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: job,
    transferList: job.cut === null ? [] : [job.cut],
  });
  return new Promise((done, reject) => {
    let rendered: Rendered[] = [];
    worker.on('message', (pages: Rendered[]) => (rendered = pages));
    worker.on('error', (error) => {
      fail(job.claims);
      reject(error);
    });
    worker.on('exit', (code) => {
      if (code === 0) return done(rendered);
      fail(job.claims);
      reject(new Error(`A pre-render worker stopped with exit code ${code}.`));
    });
  });
}

/** What a helper thread is sent: a bundle to load ahead (a file URL), or a job to share as well. */
interface HelperCall {
  server: string;
  job?: RenderJob;
}
type HelperAnswer = { rendered: Rendered[] } | { error: string };

/**
 * A pre-render thread kept from one build to the next, for a process that builds again and again
 * (the publisher's): it keeps each server bundle it loaded, so a publish's digests and pages are
 * shared by two threads without a worker's start (a second and more) each time. Idle, it does
 * not keep its process alive; one that fails is started afresh for the next build.
 */
export class RenderHelper {
  private worker: Worker | null = null;

  /** Starts the thread, ahead of the first build, which then waits for no thread to start. */
  warm(): void {
    this.thread();
  }

  /** Starts the thread if need be, and has it load `server` (the server bundle's file URL) meanwhile. */
  prepare(server: string): void {
    this.thread().postMessage({ server } satisfies HelperCall);
  }

  /** The thread's share of `job`, rendered with the bundle at `server`. */
  share(job: RenderJob, server: string): Promise<Rendered[]> {
    const worker = this.thread();
    worker.ref();
    return new Promise((done, reject) => {
      const settle = () => {
        worker.off('message', answered);
        worker.off('error', failed);
        worker.off('exit', exited);
        worker.unref();
      };
      const answered = (answer: HelperAnswer) => {
        settle();
        if ('error' in answer) reject(new Error(answer.error));
        else done(answer.rendered);
      };
      // The thread is gone without a word: the job's other threads must not wait for its pages.
      const failed = (error: Error) => {
        settle();
        fail(job.claims);
        reject(error);
      };
      const exited = (code: number) => {
        settle();
        fail(job.claims);
        reject(new Error(`The pre-render helper thread stopped with exit code ${code}.`));
      };
      worker.on('message', answered);
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.postMessage({ server, job } satisfies HelperCall, job.cut === null ? [] : [job.cut]);
    });
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { helper: true } });
    worker.unref();
    // A thread that failed or ended is not asked again.
    const forget = () => {
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    this.worker = worker;
    return worker;
  }
}

/** A helper thread's side: bundles loaded once each, jobs shared as they come. */
function serveAsHelper(port: NonNullable<typeof parentPort>): void {
  const bundles = new Map<string, Promise<EntryServer>>();
  const bundle = (url: string) => {
    let loaded = bundles.get(url);
    if (loaded === undefined) {
      loaded = import(url) as Promise<EntryServer>;
      bundles.set(url, loaded);
      // Loaded ahead and failed: the job that needs it says why, and the next one tries again.
      loaded.catch(() => bundles.delete(url));
    }
    return loaded;
  };
  port.on('message', ({ server, job }: HelperCall) => {
    const loading = bundle(server);
    if (job === undefined) return;
    renderShare(
      job,
      loading.then((loaded) => loadInputs(job.dist, job.dataFile, loaded)),
    ).then(
      (rendered) => port.postMessage({ rendered } satisfies HelperAnswer),
      (error: unknown) =>
        port.postMessage({
          error: error instanceof Error ? error.message : String(error),
        } satisfies HelperAnswer),
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

/** The compressed copies beside `files` (relative to `dir`), which a file written anew makes stale. */
function dropCompressedCopies(dir: string, files: readonly string[]): void {
  for (const file of files)
    for (const kind of ['br', 'gz']) rmSync(join(dir, `${file}.${kind}`), { force: true });
}

/**
 * Removes from a prefilled build what the earlier build had and this one does not: the pages no
 * longer listed (and their folders, once empty), the payloads no page names, and the rest styles no
 * route links, each with its compressed copies.
 */
async function dropUnlisted(
  dist: string,
  earlier: PageRecord,
  next: PageRecord,
  styles: ReadonlyMap<string, RouteStyle>,
): Promise<void> {
  const gone = Object.keys(earlier.pages).filter((file) => next.pages[file] === undefined);
  const named = new Set(Object.values(next.pages).map(([, , payload]) => basename(payload)));
  const payloads = (await readdir(join(dist, PAYLOAD_FOLDER))).filter(
    (name) => name.endsWith('.json') && !named.has(name),
  );
  const linked = new Set([...styles.values()].map((style) => style.restHref.slice(1)));
  const rests = Object.values(earlier.routes)
    .map((style) => style.restHref.slice(1))
    .filter((file) => !linked.has(file));
  const files = [...gone, ...payloads.map((name) => join(PAYLOAD_FOLDER, name).slice(1)), ...rests];
  for (const file of files) rmSync(join(dist, file), { force: true });
  dropCompressedCopies(dist, files);
  for (const file of gone)
    for (let folder = dirname(file); folder !== '.'; folder = dirname(folder))
      try {
        rmdirSync(join(dist, folder));
      } catch {
        break;
      }
}

export interface PrerenderOptions {
  /** The client build to write the pages into; its server bundle is `${dist}-ssr`. */
  dist: string;
  /** The site data JSON (`npm run data`'s output). */
  dataFile: string;
  /**
   * A finished site of the same bundles (the publisher's live build): a page whose document is
   * the same as it was there is hard-linked from it rather than rendered.
   */
  earlier?: string;
  /**
   * `dist` holds every file of `earlier` already, as hard links (the publisher's spare copy of its
   * live build): unchanged pages stay, pages written anew are renamed over theirs and lose their
   * compressed copies, and the files of pages no longer listed go.
   */
  prefilled?: boolean;
  /**
   * The server bundle of `${dist}-ssr`, loaded already: a process that builds again and again
   * (the publisher's) keeps each bundle it loaded, compiled and warm.
   */
  server?: EntryServer;
  /** A thread kept between builds, to share the pages with, and the file URL of `server` for it to load. */
  helper?: Helper;
  /** Pages of each route in the probe of a build with no earlier styles (PROBE_PER_ROUTE); tests vary it. */
  probePerRoute?: number;
}

interface Helper {
  thread: RenderHelper;
  server: string;
}

/** Where a build records what each page was made from, for the next build to compare with. */
const PAGE_RECORD = '.vite/pages.json';
const SITEMAP = 'sitemap.xml';
const ROBOTS = 'robots.txt';

const PageRecordSchema = z.object({
  /** What every page links and is styled from: a build of other bundles shares no page. */
  bundles: z.string(),
  /** The frame every page shares (entry-server's frameDigest): a page is skipped unread only in the same frame. */
  frame: z.string(),
  inputs: InputTableSchema,
  /**
   * Each page's file: the digest of its document, its style signature, its payload's address, its
   * inputs (ids into `inputs`), the parts of the site data it read (comma-separated) and its
   * address in the sitemap, if it is listed.
   */
  pages: z.record(
    z.string(),
    z.tuple([z.string(), z.string(), z.string(), z.array(z.number()), z.string(), z.string().nullable()]),
  ),
  /** Each route's styles, and a digest of what its pages were finished with (styles, policy). */
  routes: z.record(
    z.string(),
    z.object({
      css: z.string(),
      hash: z.string(),
      restHref: z.string(),
      samples: z.array(z.string()),
      skeletons: z.array(z.string()),
      key: z.string(),
      finish: z.string(),
    }),
  ),
});
type PageRecord = z.output<typeof PageRecordSchema>;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64');

/**
 * The record this process wrote last, and the identity of its file. The publisher's build process
 * builds each change against the build it made before, whose record (6 MB at 10,000 records) it
 * would otherwise read back and check (0.1 s and more of every one-cell publish); the file is
 * renamed as the build goes live, never written again.
 */
let lastWritten: { identity: string; record: PageRecord } | undefined;

/** The earlier build's record, when it was made with the same bundles; null when it must all be rendered. */
async function earlierRecord(earlier: string | undefined, bundles: string): Promise<PageRecord | null> {
  if (earlier === undefined) return null;
  const file = join(earlier, PAGE_RECORD);
  const info = await stat(file).catch(() => null);
  if (info === null) return null;
  let record = lastWritten?.identity === fileIdentity(info) ? lastWritten.record : null;
  if (record === null) {
    const text = await readFile(file, 'utf8').catch(() => null);
    const parsed = text === null ? null : PageRecordSchema.safeParse(JSON.parse(text));
    record = parsed?.success === true ? parsed.data : null;
  }
  return record?.bundles === bundles ? record : null;
}

/**
 * Hard-links `files` (relative paths) of `from` into `to`, or copies them across file systems.
 * Synchronous: it runs in a build (the pre-render, or the publisher's build process) with nothing
 * else to do meanwhile, and a 10,000-record site's 36,000 links and 8,500 folders take 1.3 s so,
 * against 3 s and more through the promise API's thread pool.
 */
export function linkFiles(from: string, to: string, files: readonly string[]): void {
  for (const folder of new Set(files.map((file) => dirname(join(to, file)))))
    mkdirSync(folder, { recursive: true });
  for (const file of files)
    try {
      linkSync(join(from, file), join(to, file));
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      copyFileSync(join(from, file), join(to, file));
    }
}

type JobPage = RenderJob['pages'][number];

/**
 * Every page in route-table order, each that repeats an earlier page of its route under another
 * spelling of its address (Route's `original`) naming it, when that page is no such page itself
 * and the two share a frame (the menus mark neither, or both alike).
 */
function withOriginals(server: EntryServer, site: SiteData, layout: LayoutData): JobPage[] {
  const listed = server.allPages(site);
  const at = new Map(listed.map(({ path }, index) => [path, index]));
  return listed.map(({ route, path }, index) => {
    const page = { routeId: route.id, path, file: outputFile(path) };
    const original = route.original?.(site, path) ?? null;
    const from = original === null ? undefined : at.get(original);
    if (
      original === null ||
      from === undefined ||
      from >= index ||
      listed[from]?.route !== route ||
      route.original?.(site, original) != null ||
      server.frameVariant(layout, path) !== server.frameVariant(layout, original)
    )
      return page;
    return { ...page, original: { path: original, file: outputFile(original) } };
  });
}

/**
 * The copies the threads left unwritten (Rendered's `copy`), settled: each whose digest is its
 * original's, as this build made it or kept it, takes the original's payload and signature and
 * is returned with it, to be linked to it once the pages are finished; any other is rendered
 * here, as read. Their originals are no copies (withOriginals): all are settled by then.
 */
async function settleCopies(
  { site, server }: Inputs,
  job: RenderJob,
  layout: LayoutData,
  made: Map<string, NonNullable<Rendered[1]>>,
  kept: ReadonlySet<string>,
  record: PageRecord | null,
): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  const signing = signingFor(job);
  for (const page of job.pages) {
    const copy = made.get(page.file)?.copy;
    if (copy === undefined) continue;
    const original = made.get(copy);
    const earlier = kept.has(copy) ? record?.pages[copy] : undefined;
    const digest = made.get(page.file)?.digest;
    if (original !== undefined && original.digest === digest) {
      made.set(page.file, { digest, payload: original.payload, signature: original.signature });
      copies.set(page.file, copy);
    } else if (earlier !== undefined && earlier[0] === digest) {
      made.set(page.file, { digest, payload: earlier[2], signature: earlier[1] });
      copies.set(page.file, copy);
    } else {
      const route = server.routeById(page.routeId);
      const reading = route && server.readPage(site, layout, route, page.path, page.original?.path);
      if (!reading) throw new Error(`Route "${page.routeId}" lists ${page.path} but finds no content there.`);
      made.set(page.file, await renderRead(server, job, page, reading, undefined, signing));
    }
  }
  return copies;
}

/**
 * The pages of a build with no earlier styles, each route's first `perRoute` first (the
 * probe, each route's in its order), and how many those are; a site whose every page is in the
 * probe has none: its pages are all written, then finished.
 */
function probeFirst(pages: readonly JobPage[], perRoute: number): { pages: JobPage[]; probe: number } {
  const seen = new Map<string, number>();
  const probe: JobPage[] = [];
  const rest: JobPage[] = [];
  for (const page of pages) {
    const before = seen.get(page.routeId) ?? 0;
    seen.set(page.routeId, before + 1);
    (before < perRoute ? probe : rest).push(page);
  }
  return { pages: [...probe, ...rest], probe: rest.length === 0 ? 0 : probe.length };
}

/**
 * The pages of a build against an earlier one, the earlier samples first, largest first (as the
 * earlier build wrote them), to be claimed alone (RenderJob's `alone`), and how many those are.
 */
function samplesFirst(
  pages: readonly JobPage[],
  earlier: string | undefined,
): { pages: JobPage[]; probe: 0; alone: number } {
  const sizeOf = (file: string) =>
    earlier === undefined ? 0 : (statSync(join(earlier, file), { throwIfNoEntry: false })?.size ?? 0);
  const samples = pages
    .filter((page) => page.sample === true)
    .map((page) => ({ page, size: sizeOf(page.file) }))
    .sort((a, b) => b.size - a.size)
    .map(({ page }) => page);
  return {
    pages: [...samples, ...pages.filter((page) => page.sample !== true)],
    probe: 0,
    alone: samples.length,
  };
}

/**
 * The probe's styles as the build's earlier ones: every page's signature was taken as it was
 * rendered, and a route whose samples are the probe's keeps the probe's styles (its rest file
 * is written already), so the pages finished with them stay as they were written.
 */
function probedStyles(probed: ReadonlyMap<string, RouteStyle>): EarlierStyles {
  return {
    signatureOf: () => undefined,
    skeletonOf: (routeId, file) => {
      const style = probed.get(routeId);
      const at = style?.samples.indexOf(file) ?? -1;
      return at === -1 ? undefined : style?.skeletons[at];
    },
    reuse: (routeId, key) => {
      const style = probed.get(routeId);
      return Promise.resolve(style?.key === key ? style : undefined);
    },
  };
}

/**
 * Renders `pages` into the job's staging folder, on as many threads as their number calls for;
 * returns how many threads, and each page's digest and style signature by file. With a probe,
 * this thread cuts its styles (`cut`) and sends them to the others.
 */
async function renderPages(
  job: RenderJob,
  inputs: Inputs,
  cut: Cut,
  helper?: Helper,
  meanwhile?: () => void,
): Promise<{
  threads: number;
  made: Map<string, NonNullable<Rendered[1]>>;
  kept: Set<string>;
  listed: Map<string, SitemapEntry>;
  reads: Map<string, PageRead>;
}> {
  const work = job.pages.reduce(
    (sum, page) => sum + (page.known === undefined ? 1 : 1 / DIGESTS_PER_RENDER),
    0,
  );
  // A kept thread costs a message and a parse of the data: it shares even a small site's pages.
  const helped = helper !== undefined && availableParallelism() > 1;
  const threads = helped
    ? 2
    : Math.max(1, Math.min(availableParallelism(), Math.floor(work / PAGES_PER_THREAD)));
  const channels = Array.from({ length: job.probe > 0 ? threads - 1 : 0 }, () => new MessageChannel());
  const jobFor = (other: number): RenderJob => ({ ...job, cut: channels[other]?.port2 ?? null });
  const others = helped
    ? [helper.thread.share(jobFor(0), helper.server)]
    : Array.from({ length: threads - 1 }, (_, other) => startWorker(jobFor(other)));
  const cutAndSend: Cut = async (own) => {
    const finishes = await cut(own);
    for (const { port1 } of channels) port1.postMessage(finishes);
    return finishes;
  };
  // `meanwhile` needs no page of the job: it is done once this thread's share is rendered, while
  // the others finish theirs (a publish at 10,000 records: the table, after the listing).
  const own = renderShare(job, inputs, cutAndSend).finally(() => meanwhile?.());
  const results = await Promise.allSettled([own, ...others]);
  for (const { port1 } of channels) port1.close();
  const failure = results.find((result) => result.status === 'rejected');
  const all = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  const made = new Map<string, NonNullable<Rendered[1]>>();
  const kept = new Set<string>();
  const listed = new Map<string, SitemapEntry>();
  const reads = new Map<string, PageRead>();
  for (const [file, page, entry, read] of all) {
    if (page === null) kept.add(file);
    else made.set(file, page);
    if (entry !== null) listed.set(file, entry);
    reads.set(file, read);
  }
  if (failure || all.length !== job.pages.length) {
    await rm(job.staging, { recursive: true, force: true });
    throw (
      failure?.reason ??
      new Error(`Rendered ${all.length} of ${job.pages.length} pages; nothing was written.`)
    );
  }
  return { threads, made, kept, listed, reads };
}

/**
 * Renders the site's pages into `dist`; returns how many pages it has, how many were read and
 * rendered, and on how many threads. The publisher (server/publish/) calls it too, to render a new content
 * build against bundles it reuses, with its live build as `earlier`.
 *
 * Each page's document (its payload and head) is what its HTML is rendered from, so a page
 * whose document has the digest the earlier build recorded has the same HTML: it is linked.
 * A page whose inputs (what it read of the site data: src/data/reads.ts) all read as they did,
 * in the same frame, would have that digest: it is linked without being read. The pages a
 * change touches (a tenant's page, the listings and table that show it, every page
 * when the links of the frame change) are rendered. A route's styles are cut again only when
 * one of its samples changed, and its unchanged pages finished again only when its styles or
 * policy did.
 */
export async function prerenderSite({
  dist,
  dataFile,
  earlier,
  prefilled = false,
  server: loaded,
  helper,
  probePerRoute = PROBE_PER_ROUTE,
}: PrerenderOptions) {
  await markServerBuildAsModules(dist);
  const inputs = await loadInputs(dist, dataFile, loaded);
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { site, server } = inputs;
  const { assets, stylesheet } = assetsFor(manifest, server.BOOT_SCRIPT);
  const bundles = digest(JSON.stringify(assets), stylesheet);
  const record = await earlierRecord(earlier, bundles);
  if (prefilled && record === null)
    throw new Error(`${dist} was filled from a build with no record of its pages; build it whole.`);
  const builtAt = Date.now();

  const layout = server.layoutData(site, new Date(builtAt));
  const all = withOriginals(server, site, layout);
  // Against an earlier build, a page none of whose inputs changed is not even read: it is kept.
  const frame = server.frameDigest(layout, site);
  const digestOfInput = inputDigests(site);
  const unchanged =
    record === null
      ? new Set<string>()
      : unchangedPages(
          { frame: record.frame, table: record.inputs, inputsOf: (file) => record.pages[file]?.[3] },
          frame,
          all.map(({ file }) => file),
          digestOfInput,
        );

  const css = await readFile(join(dist, stylesheet), 'utf8');
  // Each page's policy names its own inline styles: in its <meta>, and in the header rule that covers it (_headers).
  const scripts = [inlineHash(assets.boot)];
  const base = buildPolicyBase(PROJECT_ROOT, site);
  const policyFor = (style: RouteStyle) =>
    metaContentSecurityPolicy({ ...base, inline: { styles: [style.hash], scripts } });
  const finishesOf = (styles: Iterable<[string, RouteStyle]>): Finishes =>
    Object.fromEntries(
      [...styles].map(([routeId, style]) => {
        const policy = policyFor(style);
        return [
          routeId,
          {
            addition: headAddition(policy, style, stylesheet),
            key: digest(policy, style.css, style.restHref, stylesheet),
          },
        ];
      }),
    );
  const sampled = new Set(Object.values(record?.routes ?? {}).flatMap((style) => style.samples));
  const pagesByRoute = new Map<string, number>();
  for (const { routeId } of all) pagesByRoute.set(routeId, (pagesByRoute.get(routeId) ?? 0) + 1);
  // Against an earlier build, a page is rendered only when its digest changed (a page new since
  // then has none to match), and written with its route's earlier styles, which a change of
  // words keeps. Without one, each route's first pages go first: its styles are cut from them.
  const {
    pages: ordered,
    probe,
    alone,
  } = record === null
    ? { ...probeFirst(all, probePerRoute), alone: 0 }
    : samplesFirst(
        all
          .filter(({ file }) => !unchanged.has(file))
          .map((page) => ({
            ...page,
            known: record.pages[page.file]?.[0] ?? '',
            ...(sampled.has(page.file) ? { sample: true } : {}),
          })),
        earlier,
      );
  const job: RenderJob = {
    dist,
    dataFile,
    staging: `${dist}.pages-tmp`,
    pages: ordered,
    assets,
    builtAt,
    claims: new Int32Array(new SharedArrayBuffer(CLAIMS * Int32Array.BYTES_PER_ELEMENT)),
    selected: [...selectedAttributes(css)],
    lone: [...pagesByRoute].flatMap(([routeId, pages]) => (pages === 1 ? [routeId] : [])),
    probe,
    alone,
    finishes: record === null ? {} : finishesOf(Object.entries(record.routes)),
    cut: null,
  };
  const { staging } = job;
  const sheet = { href: stylesheet, css };
  let probed: ReadonlyMap<string, RouteStyle> | undefined;
  const cutProbe: Cut = async (own) => {
    const signed = new Map(own.flatMap(([file, made]) => (made === null ? [] : [[file, made.signature]])));
    // A route whose pages are all in the probe gains nothing: its styles are cut at the end, after
    // the other threads end (the listing and the table, 11 and 8 MB, are such routes).
    const longer = new Set(ordered.slice(probe).map(({ routeId }) => routeId));
    const probePages = ordered
      .slice(0, probe)
      .filter(({ routeId }) => longer.has(routeId))
      .map(({ routeId, file }) => ({ routeId, file, signature: signed.get(file) }));
    probed = (await routeStyles(staging, probePages, sheet)).styles;
    return finishesOf(probed);
  };
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, PAYLOAD_FOLDER), { recursive: true });
  // The pages kept unread, as their record has them.
  const unread: [file: string, read: PageRead, entry: SitemapEntry | null][] = [];
  const keepUnread = () => {
    if (record !== null)
      for (const { file, path } of all) {
        const page = unchanged.has(file) ? record.pages[file] : undefined;
        if (page === undefined) continue;
        const [, , , ids, joined, loc] = page;
        const parts = (joined === '' ? [] : joined.split(',')) as (keyof SiteData)[];
        const read = { inputs: ids.map((id) => record.inputs[id]?.[0] ?? ''), parts };
        unread.push([file, read, loc === null ? null : { loc, lastmod: newestChange(site, parts), path }]);
      }
  };
  const { threads, made, kept, listed, reads } = await renderPages(job, inputs, cutProbe, helper, keepUnread);
  for (const [file, read, entry] of unread) {
    kept.add(file);
    reads.set(file, read);
    if (entry !== null) listed.set(file, entry);
  }
  const copies = await settleCopies(inputs, job, layout, made, kept, record);
  const toRender = all.filter((page) => made.has(page.file) && !copies.has(page.file));
  const payloadOf = (file: string) => made.get(file)?.payload ?? record?.pages[file]?.[2] ?? '';
  // Where the pages are finished: a prefilled build is a folder of its own, not yet served.
  let pagesDir = staging;
  if (prefilled) {
    dropCompressedCopies(
      dist,
      toRender.map(({ file }) => file),
    );
    await moveInto(staging, dist);
    pagesDir = dist;
  } else if (earlier !== undefined && kept.size > 0) {
    // A payload file is named by its content: one a rendered page wrote is not linked over.
    const written = new Set(toRender.map(({ file }) => payloadOf(file)));
    const payloads = new Set([...kept].map(payloadOf).filter((payload) => !written.has(payload)));
    linkFiles(earlier, staging, [...kept, ...[...payloads].map((address) => address.slice(1))]);
  }

  const pages = all.map(({ routeId, file }) => ({ routeId, file, signature: made.get(file)?.signature }));
  const { styles, signatures } = await routeStyles(
    pagesDir,
    pages,
    sheet,
    record === null
      ? probed && probedStyles(probed)
      : {
          signatureOf: (file) => (kept.has(file) ? record.pages[file]?.[1] : undefined),
          skeletonOf: (routeId, file) => {
            const fresh = made.get(file)?.sample?.skeleton;
            if (fresh !== undefined) return fresh;
            const style = record.routes[routeId];
            const at = style?.samples.indexOf(file) ?? -1;
            return kept.has(file) && at !== -1 ? style?.skeletons[at] : undefined;
          },
          sampleOf: (file) => made.get(file)?.sample,
          reuse: async (routeId, key) => {
            const style = record.routes[routeId];
            if (style?.key !== key || earlier === undefined) return undefined;
            // Routes of the same styles share one file; a route cut again may have written it.
            const rest = style.restHref.slice(1);
            if (!(await lstat(join(pagesDir, rest)).catch(() => null))) linkFiles(earlier, pagesDir, [rest]);
            const { finish: _finished, ...kept } = style;
            return kept;
          },
        },
  );
  // A route whose probe missed a kind of its pages was cut again: the probe's rest file may be no one's.
  const linked = new Set([...styles.values()].map((style) => style.restHref));
  for (const style of probed?.values() ?? [])
    if (!linked.has(style.restHref)) rmSync(join(pagesDir, style.restHref), { force: true });
  const finishes = finishesOf(styles);
  const finish = (routeId: string) => finishes[routeId]?.key;
  // Written before its route's styles were known, or with styles its route no longer has.
  const unfinished = toRender.filter(({ routeId, file }) => made.get(file)?.finish !== finish(routeId));
  const refinish = all.filter(
    ({ routeId, file }) => kept.has(file) && record?.routes[routeId]?.finish !== finish(routeId),
  );
  finishPages(
    pagesDir,
    [
      ...unfinished.map(({ routeId, file }) =>
        made.get(file)?.finish === undefined ? { routeId, file } : { routeId, file, finished: true },
      ),
      ...refinish.map(({ routeId, file }) => ({ routeId, file, finished: true })),
    ],
    new Map(Object.entries(finishes).map(([routeId, { addition }]) => [routeId, addition])),
  );
  // Linked once their originals are finished: a page finished in place would be finished twice.
  for (const [file, original] of copies) {
    rmSync(join(pagesDir, file), { force: true });
    mkdirSync(dirname(join(pagesDir, file)), { recursive: true });
    linkSync(join(pagesDir, original), join(pagesDir, file));
  }
  if (prefilled) dropCompressedCopies(dist, [...copies.keys()]);
  const styleOf = (routeId: string) => {
    const style = styles.get(routeId);
    if (!style) throw new Error(`Route "${routeId}" has no inline styles.`);
    return style;
  };
  const inline: InlineHashes = {
    scripts,
    pages: pagePolicies(
      all.map(({ routeId, path }) => ({ routeId, path: encodePath(path), style: styleOf(routeId).hash })),
      encodePath(PATHS.notFound),
    ),
  };
  const { table, idsOf } = inputTable(digestOfInput);
  const next: PageRecord = {
    bundles,
    frame,
    pages: Object.fromEntries(
      all.map(({ file }) => {
        const read = reads.get(file);
        if (read === undefined)
          throw new Error(`The pre-render has no record of what ${file} was read from.`);
        return [
          file,
          [
            made.get(file)?.digest ?? record?.pages[file]?.[0] ?? '',
            signatures.get(file) ?? '',
            payloadOf(file),
            idsOf(read.inputs),
            read.parts.join(','),
            listed.get(file)?.loc ?? null,
          ],
        ];
      }),
    ),
    inputs: table,
    routes: Object.fromEntries(
      [...styles].map(([routeId, style]) => [routeId, { ...style, finish: finish(routeId) ?? '' }]),
    ),
  };
  await mkdir(dirname(join(staging, INLINE_HASHES)), { recursive: true });
  await writeFile(join(staging, INLINE_HASHES), `${JSON.stringify(inline)}\n`);
  await writeFile(join(staging, PAGE_RECORD), JSON.stringify(next));
  lastWritten = { identity: fileIdentity(await stat(join(staging, PAGE_RECORD))), record: next };
  // The sitemap lists the pages as the threads found them: none is resolved again.
  const entries = all.flatMap(({ file }) => listed.get(file) ?? []);
  await writeFile(join(staging, SITEMAP), sitemapXml(entries));
  await writeFile(join(staging, ROBOTS), robotsTxt(site.settings.site_url));
  if (prefilled && record !== null) {
    dropCompressedCopies(dist, [
      ...refinish.map(({ file }) => file),
      INLINE_HASHES,
      PAGE_RECORD,
      SITEMAP,
      ROBOTS,
    ]);
    await dropUnlisted(dist, record, next, styles);
  }
  // Pages reach dist/ only once every one of them rendered: a failure leaves no half-written site.
  await moveInto(staging, dist);
  await rm(staging, { recursive: true, force: true });
  return {
    pages: all.length,
    read: ordered.length,
    rendered: toRender.length,
    rewritten: unfinished.length,
    copies: copies.size,
    listed: entries.length,
    threads,
    inline,
    policyBase: base,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const dist = resolve(PROJECT_ROOT, process.env.SITE_OUT ?? 'dist');
  const { pages, threads, rewritten, copies, listed, inline, policyBase } = await prerenderSite({
    dist,
    dataFile: join(PROJECT_ROOT, 'src/generated/site-data.json'),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Pre-rendered ${pages} pages on ${threads} ${threads === 1 ? 'thread' : 'threads'} in ${seconds} s; ${rewritten} written again with their route's styles; ${copies} linked to the page they repeat; ${listed} in sitemap.xml.`,
  );
  // Here rather than in processes of their own, which take half a second each to start: the
  // policies are in hand, and the routes' styles are the code's only files it wrote.
  console.log(await writeHeaders(dist, policyBase, inline));
  const copied = performance.now();
  const { files } = await compressSite(dist, undefined, { onlyNew: true });
  console.log(
    `Compressed the routes' styles, ${files} files (brotli and gzip), in ${Math.round(performance.now() - copied)} ms.`,
  );
}

if (isMainThread) {
  if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename)
    main().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
} else if (parentPort !== null) {
  if ((workerData as { helper?: boolean }).helper === true) serveAsHelper(parentPort);
  else {
    const job = workerData as RenderJob;
    parentPort.postMessage(await renderShare(job, loadInputs(job.dist, job.dataFile)));
  }
}
