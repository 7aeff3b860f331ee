/**
 * A content build: the whole site for a folder of sheets, made against the
 * client and server bundles of an earlier build instead of running Vite again.
 *
 * Neither bundle holds any sheet data: the pages get their data from the site
 * data JSON at pre-render time (and the browser from each page's payload
 * file), the client imports only the cut-down fonts from src/generated, and
 * the sheets plugin runs only in the dev server. So a change of sheets and
 * pictures needs only what `npm run build` does after Vite: the data (with
 * the pictures, from the encoder's cache), the pre-render, the sitemap and
 * robots.txt, and the headers file. The code's brotli and gzip copies are
 * linked from the live build once the build is live (the publisher's compress
 * step); the pages are compressed by the server when first asked for.
 *
 * Only the pages whose data changed are rendered: the pre-render compares each
 * page's digest (what its document is made from) with what the base build
 * recorded for it, and hard-links the pages that are the same from the base
 * build (pipeline/prerender.ts); a page whose inputs (src/data/reads.ts) all
 * read as they did is not even read. A tenant's record touches its page, the
 * listings and the table that show it; a change to the links every page shows
 * touches every page. A change about to go live starts from the publisher's
 * spare (queue.ts): the base build's site linked whole after it went live, so
 * that the 36,000 links of a 10,000-record site are not made while staff wait.
 * tests/server/publish-fast-path.test.ts holds the result to a full build's.
 *
 * Runs in a child process (server/publish-build.ts): rendering would otherwise hold the service's event loop while visitors wait.
 */
import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { buildPolicyBase, headersFile } from '../../pipeline/headers';
import { buildImages } from '../../pipeline/images/build-images';
import { loadSite } from '../../pipeline/load-site';
import { linkFiles, prerenderSite, RenderHelper } from '../../pipeline/prerender';
import { PROJECT_ROOT } from '../../pipeline/project-root';
import { formatText } from '../../pipeline/sheets/report';
import { lastChanged } from '../../pipeline/sheets/updated';
import type * as EntryServer from '../../src/entry-server';
import { exists, listFiles, removeTree, sameBytes } from './tree';

const ContentBuildOptionsSchema = z.object({
  /** The sheets to build (a draft: the live sheets with some files replaced). */
  sheetsDir: z.string(),
  /** The build whose bundles are reused: its `site/` and `site-ssr/`. */
  base: z.string(),
  /** The new build's folder (absent; written whole). */
  out: z.string(),
  /** The sheets in the git checkout: unchanged sheets keep their last commit's date. */
  committedSheetsDir: z.string(),
  /** Commit time of the change, as git writes it (`2026-11-25T06:21:53+00:00`): the date of every changed sheet. */
  at: z.string(),
  /** The picture encoder's cache. */
  cacheDir: z.string(),
  /**
   * `out/site` holds every file of the base's site already, as hard links (the publisher's spare:
   * queue.ts), so nothing is linked while a change waits.
   */
  prefilled: z.boolean().default(false),
  /** Where the build process keeps a copy of each server bundle it loaded (serverBundle). */
  bundleCache: z.string(),
});
export type ContentBuildOptions = z.output<typeof ContentBuildOptionsSchema>;

export interface ContentBuildResult {
  pages: number;
  /** The pages read (the others' inputs were unchanged), to compare their digests and render those that changed. */
  read: number;
  /** The threads that took the pages' digests and rendered them. */
  threads: number;
  /** Milliseconds per step. */
  timings: Record<string, number>;
}

/** A build failure with the sentence staff see; a crash of the build is reported as itself. */
export class BuildFailure extends Error {
  override name = 'BuildFailure';
}

/**
 * What a full build writes from the sheets (the pages, their payloads, the styles cut for them
 * and those styles' hashes); everything else in the base build is reused.
 */
const FROM_SHEETS =
  /(\.html|\.br|\.gz|-rest-[0-9a-f]{10}\.css)$|^(sitemap\.xml|robots\.txt|_headers|\.vite\/(inline-hashes|pages)\.json)$|^assets\/pages\//;

interface ServerBundle {
  module: typeof EntryServer;
  /** Its file URL, for the helper thread to load the same copy. */
  url: string;
}

/** The server bundles this process loaded, by the digest of their entry. */
const bundles = new Map<string, Promise<ServerBundle>>();

/** The pre-render's second thread, kept warm from one build to the next. */
const helper = new RenderHelper();

/** Starts the pre-render's second thread ahead of the first build (the build process does, once loaded). */
export const warmHelper = () => helper.warm();

/**
 * The server bundle at `ssr`, loaded once per process: imported again from each build's folder,
 * it was compiled again, and its first pages rendered cold (0.3 s and more of a one-cell publish).
 * It is imported from a copy of its own under `cache`, named by its entry's digest, since a
 * build's folder is renamed as it goes live and removed later, and its page chunks load lazily.
 */
async function serverBundle(ssr: string, cache: string): Promise<ServerBundle> {
  const key = createHash('sha256')
    .update(await readFile(join(ssr, 'entry-server.js')))
    .digest('hex')
    .slice(0, 16);
  let bundle = bundles.get(key);
  if (bundle === undefined) {
    const dir = join(cache, key);
    if (!(await exists(dir))) {
      const staging = `${dir}.tmp`;
      await removeTree(staging);
      linkFiles(
        ssr,
        staging,
        (await listFiles(ssr)).filter((path) => !/^(media\/|package\.json$)/.test(path)),
      );
      // Outside the project no package.json says the bundle is ES modules (prerender.ts).
      await writeFile(join(staging, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
      await rename(staging, dir);
    }
    const url = pathToFileURL(join(dir, 'entry-server.js')).href;
    bundle = (import(url) as Promise<typeof EntryServer>).then((module) => ({ module, url }));
    bundles.set(key, bundle);
    bundle.catch(() => bundles.delete(key));
  }
  return bundle;
}

/** The files of a site the steps below write with `writeFile`, not through a rename. */
const WRITTEN_WHOLE = ['sitemap.xml', 'robots.txt', '_headers'];

async function buildContent(options: ContentBuildOptions): Promise<ContentBuildResult> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const site = join(options.out, 'site');
  const baseSite = join(options.base, 'site');
  // The new build reuses the base's server bundle: loaded now, in both threads, while the data is read.
  const bundle = serverBundle(join(options.base, 'site-ssr'), options.bundleCache);
  void bundle.then(({ url }) => helper.prepare(url)).catch(() => undefined);

  const loaded = await loadSite({
    sheetsDir: options.sheetsDir,
    errorsOnly: true,
    cacheDir: options.cacheDir,
  });
  if (loaded.site === null) throw new BuildFailure(formatText(loaded.problems, loaded.stats));
  const files = Object.keys(loaded.site.updated);
  const committed = await lastChanged(options.committedSheetsDir, files);
  const unchanged = await Promise.all(
    files.map((file) => sameBytes(join(options.sheetsDir, file), join(options.committedSheetsDir, file))),
  );
  const updated = Object.fromEntries(
    files.map((file, i) => [file, (unchanged[i] ? committed[file] : undefined) ?? options.at]),
  );
  step('data');

  // What the sheets do not make is linked from the base build; the compressor's unfinished files are not.
  const linked = async (from: string, skip: (path: string) => boolean) =>
    (await listFiles(from)).filter((path) => !path.endsWith('.tmp') && !skip(path));
  if (!options.prefilled) linkFiles(baseSite, site, await linked(baseSite, (path) => FROM_SHEETS.test(path)));
  else
    // Written whole below, and a file linked from the live build is never written in place.
    for (const file of WRITTEN_WHOLE)
      for (const name of [file, `${file}.br`, `${file}.gz`]) await rm(join(site, name), { force: true });
  const baseServer = join(options.base, 'site-ssr');
  linkFiles(
    baseServer,
    join(options.out, 'site-ssr'),
    await linked(baseServer, (path) => path.startsWith('media/')),
  );
  step('link');

  const pictures = await buildImages({
    imagesDir: join(options.sheetsDir, 'images'),
    sources: Object.keys(loaded.site.images),
    publicDir: site,
    cacheDir: options.cacheDir,
  });
  if (pictures.failures.length > 0)
    throw new BuildFailure(
      `These pictures could not be prepared:\n${pictures.failures.map((f) => `  ${f.src}: ${f.message}`).join('\n')}`,
    );
  const data = { ...loaded.site, updated, images: pictures.images };
  const dataFile = join(options.out, 'site-data.json');
  await writeFile(dataFile, JSON.stringify(data));
  step('images');

  const { module: server, url } = await bundle;
  const { pages, read, inline, threads } = await prerenderSite({
    dist: site,
    dataFile,
    earlier: baseSite,
    prefilled: options.prefilled,
    server,
    helper: { thread: helper, server: url },
  });
  step('prerender');

  await writeFile(join(site, '_headers'), headersFile(buildPolicyBase(PROJECT_ROOT, data), inline));
  step('headers');

  return { pages, read, threads, timings };
}

/**
 * Hard-links every file of the built site `from` into `to` (absent): the spare a content build
 * starts from (`prefilled`), made while no change waits. The compressor's unfinished files are
 * left out. Returns how many files it linked.
 */
export async function makeSpare(from: string, to: string): Promise<number> {
  const files = (await listFiles(from)).filter((path) => !path.endsWith('.tmp'));
  linkFiles(from, to, files);
  return files.length;
}

/** Reads the options a parent wrote, builds, and removes the half-made build if it fails. */
export async function runContentBuild(optionsFile: string): Promise<ContentBuildResult> {
  const options = ContentBuildOptionsSchema.parse(JSON.parse(await readFile(optionsFile, 'utf8')));
  try {
    return await buildContent(options);
  } catch (error) {
    await rm(options.out, { recursive: true, force: true });
    throw error;
  }
}
