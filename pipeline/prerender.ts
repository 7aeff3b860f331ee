/**
 * Writes one static HTML file per page of the route table, from the Vite
 * client build (dist/), the SSR build (dist-ssr/) and the data the sheets
 * pipeline wrote. Run with NODE_ENV=production: React's development build
 * doubles the cost of every page.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageAssets } from '../src/app/payload';
import type * as EntryServerModule from '../src/entry-server';
import { unsafePathCharacter } from '../src/schema/cells';
import type { SiteData } from '../src/schema/site';

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
const dist = resolve(root, process.env.SITE_OUT ?? 'dist');

function outputFile(path: string): string {
  if (path === '/404') return join(dist, '404.html');
  const parts = path.split('/').filter(Boolean);
  // The sheets pipeline refuses such keys already; this guards routes that build paths of their own.
  const bad = parts.find((part) => unsafePathCharacter(part) !== null || part === '.' || part === '..');
  if (bad !== undefined)
    throw new Error(`Cannot write page ${path}: "${bad}" cannot be part of a file name.`);
  return join(dist, ...parts, 'index.html');
}

/** Source file of a page, as Vite's manifest names it. */
const pageModule = (name: string) => `src/pages/${name}.tsx`;

/**
 * Faces drawn above the fold on every page (menu and text in Inter, titles in Cormorant):
 * preloading their Latin files lets them arrive before first paint instead of swapping in.
 */
const PRELOADED_FONT = /\/(inter-latin-wght-normal|cormorant-garamond-latin-(500|600)-normal)-[\w-]+\.woff2$/;

/** The files a page needs: the entry, its static imports, and the page's own chunk with its imports. */
function assetsFor(manifest: Manifest, pageName: string): PageAssets {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('dist/.vite/manifest.json has no entry chunk. Run the client build first.');
  const preloads = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    preloads.add(`/${chunk.file}`);
    chunk.imports?.forEach(collect);
  };
  entry.imports?.forEach(collect);
  collect(pageModule(pageName));
  // With cssCodeSplit off, the site's one stylesheet is a manifest entry of its own.
  const styles = new Set(
    Object.values(manifest).flatMap((chunk) => [
      ...(chunk.css ?? []),
      ...(chunk.file.endsWith('.css') ? [chunk.file] : []),
    ]),
  );
  return {
    scripts: [`/${entry.file}`],
    styles: [...styles].map((file) => `/${file}`),
    modulePreloads: [...preloads],
    fontPreloads: (entry.assets ?? []).filter((file) => PRELOADED_FONT.test(file)).map((file) => `/${file}`),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const site = JSON.parse(await readFile(join(root, 'src/generated/site-data.json'), 'utf8')) as SiteData;
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const server = (await import(pathToFileURL(`${dist}-ssr/entry-server.js`).href)) as EntryServer;
  const layout = server.layoutData(site);

  const staging = `${dist}.pages-tmp`;
  await rm(staging, { recursive: true, force: true });
  const written: { from: string; to: string }[] = [];
  for (const { route, path } of server.allPages(site)) {
    const payload = server.pagePayload(site, layout, route, path, assetsFor(manifest, route.page));
    if (payload === null) throw new Error(`Route "${route.id}" lists ${path} but finds no content there.`);
    const target = outputFile(path);
    const temporary = join(staging, target.slice(dist.length));
    await mkdir(dirname(temporary), { recursive: true });
    await writeFile(temporary, await server.renderDocument(payload));
    written.push({ from: temporary, to: target });
  }
  // Pages reach dist/ only once every one of them rendered: a failure leaves no half-written site.
  for (const { from, to } of written) {
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }
  await rm(staging, { recursive: true, force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`Pre-rendered ${written.length} pages in ${seconds} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
