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
 * robots.txt, and the headers file. The brotli and gzip copies of what
 * changed are written once the build is live (the publisher's compress step):
 * until a page's copies exist, the server sends it as it is.
 *
 * Only the pages whose data changed are rendered: the pre-render compares each
 * page's document (its payload and head) with what the base build recorded for
 * it, and hard-links the pages that are the same from the base build
 * (pipeline/prerender.ts). A tenant's record touches its page, the listings and
 * the table that show it; a change to the links every page shows touches every
 * page.
 * tests/server/publish-fast-path.test.ts holds the result to a full build's.
 *
 * Runs in a child process (server/publish-build.ts): rendering would otherwise hold the service's event loop while visitors wait.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { buildPolicyBase, headersFile } from '../../pipeline/headers';
import { buildImages } from '../../pipeline/images/build-images';
import { loadSite } from '../../pipeline/load-site';
import { linkFiles, prerenderSite } from '../../pipeline/prerender';
import { formatText } from '../../pipeline/sheets/report';
import { lastChanged } from '../../pipeline/sheets/updated';
import { writeSitemap } from '../../pipeline/sitemap';
import type * as EntryServer from '../../src/entry-server';
import { listFiles, sameBytes } from './tree';

const codeRoot = resolve(import.meta.dirname, '../..');

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
});
export type ContentBuildOptions = z.output<typeof ContentBuildOptionsSchema>;

export interface ContentBuildResult {
  pages: number;
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
  linkFiles(baseSite, site, await linked(baseSite, (path) => FROM_SHEETS.test(path)));
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

  const { pages, inline } = await prerenderSite({ dist: site, dataFile, earlier: baseSite });
  step('prerender');

  const server = (await import(
    pathToFileURL(join(options.out, 'site-ssr/entry-server.js')).href
  )) as typeof EntryServer;
  const listed = server.allPages(data);
  // The pre-render wrote every page of this route table and data, as many as it counted.
  await writeSitemap(site, data, listed, { prerendered: pages === listed.length });
  await writeFile(join(site, '_headers'), headersFile(buildPolicyBase(codeRoot, data), inline));
  step('seo');

  return { pages, timings };
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
