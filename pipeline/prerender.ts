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
 * every one of them rendered.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { minifySync } from 'vite';
import { z } from 'zod';
import { FACES, webFontOf } from '../src/app/fonts';
import type { PageAssets } from '../src/app/payload';
import { PAYLOAD_FOLDER } from '../src/app/payload';
import { PATHS, encodePath } from '../src/data/links';
import type * as EntryServerModule from '../src/entry-server';
import { pageKeyProblem } from '../src/schema/cells';
import type { SiteData } from '../src/schema/site';
import type { RouteStyle } from './critical-css';
import { finishPages, inlineHash, routeStyles, selectedAttributes, styleSignature } from './critical-css';
import { styleSample } from './style-sample';
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
  /**
   * Every page in route-table order: route id, decoded path, file relative to the staging folder,
   * and the digest an earlier build recorded for it, if any: such a page is rendered only when its
   * digest now differs (taking 17,000 digests is a second's work, shared like the rendering).
   */
  pages: { routeId: string; path: string; file: string; known?: string; sample?: boolean }[];
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
}

/**
 * A page written: its file, its document's digest, its payload's address and its style signature
 * (styleSignature); or null for a page whose digest is the one the earlier build recorded.
 */
type Rendered = [
  file: string,
  made: {
    digest: string;
    payload: string;
    signature: string;
    /**
     * Its style skeleton (style-sample.ts), for a page the earlier build sampled its route's
     * styles from: the styles step compares it rather than read a listing of 11 MB again.
     */
    skeleton?: string;
  } | null,
];

const NEXT = 0;
const FAILED = 1;
/**
 * Pages a thread claims at a time: few enough that the threads finish together. A full build's
 * threads take 32; a build against an earlier one takes 8, so that the few very large pages of a
 * big site (its listings and table, a fifth of a second each) seldom fall to one thread. (In a full
 * build, 8 had both threads hold such pages at once: 1,162 MB at its peak at 10,000 records.)
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
 * says so, and tsx then converts the whole bundle to CommonJS: slower to run, and a worker
 * thread cannot load it at all.
 */
async function markServerBuildAsModules(dist: string): Promise<void> {
  await writeFile(join(`${dist}-ssr`, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}

/** Renders pages claimed from the job until none is left or another thread failed; returns them. */
async function renderClaimed({ site, server }: Inputs, job: RenderJob): Promise<Rendered[]> {
  const layout = server.layoutData(site, new Date(job.builtAt));
  const attributes = new Map(job.selected);
  const rendered: Rendered[] = [];
  const batch = job.pages[0]?.known === undefined ? BATCH.full : BATCH.against;
  for (;;) {
    const first = Atomics.add(job.claims, NEXT, batch);
    if (first >= job.pages.length || Atomics.load(job.claims, FAILED) !== 0) return rendered;
    for (const { routeId, path, file, known, sample } of job.pages.slice(first, first + batch)) {
      const route = server.routeById(routeId);
      if (!route) throw new Error(`The server build has no route "${routeId}". Rebuild it.`);
      if (known !== undefined) {
        const now = server.pageDigest(site, layout, route, path);
        if (now === null) throw new Error(`Route "${routeId}" lists ${path} but finds no content there.`);
        if (now === known) {
          rendered.push([file, null]);
          continue;
        }
      }
      const document = server.pageDocument(site, layout, route, path, job.assets);
      if (document === null) throw new Error(`Route "${routeId}" lists ${path} but finds no content there.`);
      const target = join(job.staging, file);
      // Synchronous: the thread has nothing else to do meanwhile, and it saves a round trip per call.
      mkdirSync(dirname(target), { recursive: true });
      const html = await server.renderDocument(document);
      writeFileSync(target, html);
      // Named by its content: pages alike in their data (and a page rebuilt unchanged) share one file.
      writeFileSync(join(job.staging, document.head.payload), document.payloadJson);
      rendered.push([
        file,
        {
          digest: document.digest,
          payload: document.head.payload,
          signature: styleSignature(html, attributes),
          ...(sample === true ? { skeleton: styleSample(html, attributes).skeleton } : {}),
        },
      ]);
    }
  }
}

/** The thread's part of the job; a failure stops the other threads at their next claim. */
async function renderShare(job: RenderJob, inputs: Inputs | Promise<Inputs>): Promise<Rendered[]> {
  try {
    return await renderClaimed(await inputs, job);
  } catch (error) {
    Atomics.store(job.claims, FAILED, 1);
    throw error;
  }
}

/**
 * Runs this module in a worker. Workers do not inherit tsx's loader hooks from the command line,
 * so each registers them before loading this file.
 */
const BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;

/** A worker that takes its share of one job, then ends. */
function startWorker(job: RenderJob): Promise<Rendered[]> {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: job });
  return new Promise((done, fail) => {
    let rendered: Rendered[] = [];
    worker.on('message', (pages: Rendered[]) => (rendered = pages));
    worker.on('error', fail);
    worker.on('exit', (code) =>
      code === 0 ? done(rendered) : fail(new Error(`A pre-render worker stopped with exit code ${code}.`)),
    );
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
    return new Promise((done, fail) => {
      const settle = () => {
        worker.off('message', answered);
        worker.off('error', failed);
        worker.off('exit', exited);
        worker.unref();
      };
      const answered = (answer: HelperAnswer) => {
        settle();
        if ('error' in answer) fail(new Error(answer.error));
        else done(answer.rendered);
      };
      const failed = (error: Error) => {
        settle();
        fail(error);
      };
      const exited = (code: number) => {
        settle();
        fail(new Error(`The pre-render helper thread stopped with exit code ${code}.`));
      };
      worker.on('message', answered);
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.postMessage({ server, job } satisfies HelperCall);
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
}

interface Helper {
  thread: RenderHelper;
  server: string;
}

/** Where a build records what each page was made from, for the next build to compare with. */
const PAGE_RECORD = '.vite/pages.json';

const PageRecordSchema = z.object({
  /** What every page links and is styled from: a build of other bundles shares no page. */
  bundles: z.string(),
  /** Each page's file: the digest of its document, its style signature and its payload's address. */
  pages: z.record(z.string(), z.tuple([z.string(), z.string(), z.string()])),
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

/** The earlier build's record, when it was made with the same bundles; null when it must all be rendered. */
async function earlierRecord(earlier: string | undefined, bundles: string): Promise<PageRecord | null> {
  if (earlier === undefined) return null;
  const text = await readFile(join(earlier, PAGE_RECORD), 'utf8').catch(() => null);
  const parsed = text === null ? null : PageRecordSchema.safeParse(JSON.parse(text));
  return parsed?.success && parsed.data.bundles === bundles ? parsed.data : null;
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

/**
 * Renders `pages` into the job's staging folder, on as many threads as their number calls for;
 * returns how many threads, and each page's digest and style signature by file.
 */
async function renderPages(
  job: RenderJob,
  inputs: Inputs,
  helper?: Helper,
): Promise<{ threads: number; made: Map<string, NonNullable<Rendered[1]>>; kept: Set<string> }> {
  const work = job.pages.reduce(
    (sum, page) => sum + (page.known === undefined ? 1 : 1 / DIGESTS_PER_RENDER),
    0,
  );
  // A kept thread costs a message and a parse of the data: it shares even a small site's pages.
  const helped = helper !== undefined && availableParallelism() > 1;
  const threads = helped
    ? 2
    : Math.max(1, Math.min(availableParallelism(), Math.floor(work / PAGES_PER_THREAD)));
  const others = helped
    ? [helper.thread.share(job, helper.server)]
    : Array.from({ length: threads - 1 }, () => startWorker(job));
  const results = await Promise.allSettled([renderShare(job, inputs), ...others]);
  const failure = results.find((result) => result.status === 'rejected');
  const all = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  const made = new Map<string, NonNullable<Rendered[1]>>();
  const kept = new Set<string>();
  for (const [file, page] of all)
    if (page === null) kept.add(file);
    else made.set(file, page);
  if (failure || all.length !== job.pages.length) {
    await rm(job.staging, { recursive: true, force: true });
    throw (
      failure?.reason ??
      new Error(`Rendered ${all.length} of ${job.pages.length} pages; nothing was written.`)
    );
  }
  return { threads, made, kept };
}

/**
 * Renders the site's pages into `dist`; returns how many pages it has, how many were rendered
 * and on how many threads. The publisher (server/publish/) calls it too, to render a new content
 * build against bundles it reuses, with its live build as `earlier`.
 *
 * Each page's document (its payload and head) is what its HTML is rendered from, so a page
 * whose document has the digest the earlier build recorded has the same HTML: it is linked.
 * The pages a change touches (a tenant's page, the listings and table that show it, every page
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

  const all = server
    .allPages(site)
    .map(({ route, path }) => ({ routeId: route.id, path, file: outputFile(path) }));

  const css = await readFile(join(dist, stylesheet), 'utf8');
  const sampled = new Set(Object.values(record?.routes ?? {}).flatMap((style) => style.samples));
  const job: RenderJob = {
    dist,
    dataFile,
    staging: `${dist}.pages-tmp`,
    // Against an earlier build, a page is rendered only when its digest changed (a page new
    // since then has none to match).
    pages: all.map((page) =>
      record === null
        ? page
        : {
            ...page,
            known: record.pages[page.file]?.[0] ?? '',
            ...(sampled.has(page.file) ? { sample: true } : {}),
          },
    ),
    assets,
    builtAt,
    claims: new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)),
    selected: [...selectedAttributes(css)],
  };
  const { staging } = job;
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, PAYLOAD_FOLDER), { recursive: true });
  const { threads, made, kept } = await renderPages(job, inputs, helper);
  const toRender = all.filter((page) => made.has(page.file));
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
    { href: stylesheet, css },
    record === null || earlier === undefined
      ? undefined
      : {
          signatureOf: (file) => (kept.has(file) ? record.pages[file]?.[1] : undefined),
          skeletonOf: (routeId, file) => {
            const fresh = made.get(file)?.skeleton;
            if (fresh !== undefined) return fresh;
            const style = record.routes[routeId];
            const at = style?.samples.indexOf(file) ?? -1;
            return kept.has(file) && at !== -1 ? style?.skeletons[at] : undefined;
          },
          reuse: async (routeId, key) => {
            const style = record.routes[routeId];
            if (style?.key !== key) return undefined;
            // Routes of the same styles share one file; a route cut again may have written it.
            const rest = style.restHref.slice(1);
            if (!(await lstat(join(pagesDir, rest)).catch(() => null))) linkFiles(earlier, pagesDir, [rest]);
            const { finish: _finished, ...kept } = style;
            return kept;
          },
        },
  );
  // Each page's policy names its own inline styles: in its <meta>, and in the header rule that covers it (_headers).
  const scripts = [inlineHash(assets.boot)];
  const base = buildPolicyBase(root, site);
  const policyFor = (style: RouteStyle) =>
    metaContentSecurityPolicy({ ...base, inline: { styles: [style.hash], scripts } });
  const finish = new Map(
    [...styles].map(([routeId, style]) => [
      routeId,
      digest(policyFor(style), style.css, style.restHref, stylesheet),
    ]),
  );
  const refinish = all.filter(
    ({ routeId, file }) => kept.has(file) && record?.routes[routeId]?.finish !== finish.get(routeId),
  );
  finishPages(
    pagesDir,
    [
      ...toRender.map(({ routeId, file }) => ({ routeId, file })),
      ...refinish.map(({ routeId, file }) => ({ routeId, file, finished: true })),
    ],
    styles,
    policyFor,
    stylesheet,
  );
  const styleOf = (routeId: string) => {
    const style = styles.get(routeId);
    if (!style) throw new Error(`Route "${routeId}" has no inline styles.`);
    return style;
  };
  const inline: InlineHashes = {
    scripts,
    pages: pagePolicies(
      all.map(({ routeId, path }) => ({ routeId, path: encodePath(path), style: styleOf(routeId).hash })),
    ),
  };
  const next: PageRecord = {
    bundles,
    pages: Object.fromEntries(
      all.map(({ file }) => [
        file,
        [
          made.get(file)?.digest ?? record?.pages[file]?.[0] ?? '',
          signatures.get(file) ?? '',
          payloadOf(file),
        ],
      ]),
    ),
    routes: Object.fromEntries(
      [...styles].map(([routeId, style]) => [routeId, { ...style, finish: finish.get(routeId) ?? '' }]),
    ),
  };
  await mkdir(dirname(join(staging, INLINE_HASHES)), { recursive: true });
  await writeFile(join(staging, INLINE_HASHES), `${JSON.stringify(inline)}\n`);
  await writeFile(join(staging, PAGE_RECORD), JSON.stringify(next));
  if (prefilled && record !== null) {
    dropCompressedCopies(dist, [...refinish.map(({ file }) => file), INLINE_HASHES, PAGE_RECORD]);
    await dropUnlisted(dist, record, next, styles);
  }
  // Pages reach dist/ only once every one of them rendered: a failure leaves no half-written site.
  await moveInto(staging, dist);
  await rm(staging, { recursive: true, force: true });
  return { pages: all.length, rendered: toRender.length, threads, inline };
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
} else if (parentPort !== null) {
  if ((workerData as { helper?: boolean }).helper === true) serveAsHelper(parentPort);
  else {
    const job = workerData as RenderJob;
    parentPort.postMessage(await renderShare(job, loadInputs(job.dist, job.dataFile)));
  }
}
