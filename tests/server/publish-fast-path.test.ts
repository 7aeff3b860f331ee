/**
 * A content publish reuses the live build's client and server bundles and
 * runs only the steps after Vite. This holds its output to what a full
 * `npm run build` of the same commit writes, file for file and byte for byte,
 * for a one-cell change and for a new picture and a tenant removed; a one-cell
 * change renders only the pages it touches. Both start from the spare the
 * publisher links of its live build after each switch. Behind a real caching proxy (Debian's Varnish, which CI
 * installs), a publish purges the pages it changed, so the proxy serves the
 * new page as soon as the publish returns.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { serve } from '@hono/node-server';
import getPort from 'get-port';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { linkFiles, outputFile, prerenderSite, RenderHelper } from '../../pipeline/prerender';
import { sitemapEntries, sitemapXml } from '../../pipeline/sitemap';
import { grownPreRented } from '../../scripts/grown-sheet';
import type { Publisher } from '../../server/publish/publisher';
import { createPublisher } from '../../server/publish/publisher';
import { linkTree, listFiles } from '../../server/publish/tree';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';
import type * as EntryServerModule from '../../src/entry-server';
import type * as PrerenderModule from '../../pipeline/prerender';
import { COMPILED_PRERENDER } from '../../pipeline/compile-prerender';
import { siteRoutes } from '../../server/static/site';
import {
  builtCheckout,
  editedSheet,
  fullBuild,
  git,
  removeCheckout,
  siteDigest,
  rentShown,
} from './publish-checkout';

type EntryServer = typeof EntryServerModule;
type Prerender = Pick<typeof PrerenderModule, 'prerenderSite'>;

let dir: string;
let publisher: Publisher;

beforeAll(async () => {
  dir = await builtCheckout();
  publisher = await createPublisher({
    repoDir: dir,
    workDir: join(dir, '.data/publish'),
    initialSite: join(dir, 'dist'),
  });
}, 240_000);

afterAll(async () => {
  await publisher.close();
  await removeCheckout(dir);
});

describe('the fast path of a content publish', { timeout: 240_000 }, () => {
  it('writes the same site as a full build of the same commit', async () => {
    const published = vi.spyOn(console, 'log');
    // A rent changed, and Zudio's only row gone: its page, and its files in the spare, go with it.
    const rent = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹2,08,439"', '"₹2,12,000"');
    const rentWithoutZudio = new TextEncoder().encode(
      new TextDecoder().decode(rent).replace(/\nZudio,[^\n]*/, ''),
    );
    // A picture never seen before (its colour is random), so it is encoded, not taken from the cache.
    const picture = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: randomInt(256), g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const gallery = await editedSheet(
      join(dir, 'sheets'),
      'project-gallery.csv',
      'projects/joy-district-2.jpg',
      'projects/joy-district-new.jpg',
    );
    const draft = await publisher.createDraft([
      { path: 'pre-rented.csv', bytes: rentWithoutZudio },
      { path: 'project-gallery.csv', bytes: gallery },
      { path: 'images/projects/joy-district-new.jpg', bytes: picture },
    ]);
    const change = await publisher.publish(
      draft.id,
      { name: 'Asha Rao', email: 'asha@example.com' },
      'Rent and a picture',
    );
    expect(await git(dir, 'rev-parse', 'HEAD')).toBe(change.commit);
    // Built from the spare the start made of the live build, not linked while the change waited,
    // and its pages shared with the build process's kept second thread.
    expect(published.mock.calls.flat().join('\n')).toMatch(
      availableParallelism() > 1
        ? /Published a publish .* on 2 threads, from a spare of the live build/
        : /Published a publish .* on 1 thread, from a spare of the live build/,
    );
    published.mockRestore();

    await publisher.settled();
    await fullBuild(dir, 'dist-full');
    const [fast, full] = await Promise.all([
      siteDigest(publisher.liveRoot()),
      siteDigest(join(dir, 'dist-full')),
    ]);
    expect(Object.keys(fast)).toEqual(Object.keys(full));
    expect(fast).toEqual(full);
    expect(await readFile(join(publisher.liveRoot(), 'preRentedList/index.html'), 'utf8')).toContain(
      rentShown(212000),
    );
    expect(Object.keys(fast).filter((file) => file.includes('Zudio'))).toEqual([]);
  });

  it('renders only the pages a one-cell change touches, links the rest, and writes what a full build writes', async () => {
    const before = publisher.liveRoot();
    const rent = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹2,12,000"', '"₹2,15,500"');
    const draft = await publisher.createDraft([{ path: 'pre-rented.csv', bytes: rent }]);
    const published = vi.spyOn(console, 'log');
    await publisher.publish(draft.id, { name: 'Asha Rao', email: 'asha@example.com' }, 'One rent');
    const [, pageCount = '', readCount = ''] =
      /Published a publish .*?(\d+) pages, (\d+) read,/.exec(published.mock.calls.flat().join('\n')) ?? [];
    published.mockRestore();
    await publisher.settled();
    const after = publisher.liveRoot();
    await fullBuild(dir, 'dist-full');
    const [fast, full, earlier] = await Promise.all([
      siteDigest(after),
      siteDigest(join(dir, 'dist-full')),
      siteDigest(before),
    ]);
    expect(fast).toEqual(full);

    // Every page the change left as it was is the live build's own file, linked; every other page is new.
    const pages = Object.keys(fast).filter((file) => file.endsWith('.html'));
    const linked = await Promise.all(
      pages.map(async (file) => {
        const [old, now] = await Promise.all([
          stat(join(before, file)).catch(() => null),
          stat(join(after, file)),
        ]);
        return old !== null && old.ino === now.ino;
      }),
    );
    const changed = pages.filter((file) => fast[file] !== earlier[file]);
    expect(pages.filter((_, i) => !linked[i])).toEqual(changed);
    // The tenant's page, the listings and the table that show its rent; the others untouched.
    expect(changed).toContain('preRentedList/SBI Bank/index.html');
    expect(changed).toContain('preRentedTable/index.html');
    expect(changed.length).toBeLessThan(pages.length / 5);
    // Only the pages that read the changed record, or the whole sheet, were even read: the
    // others' inputs (src/data/reads.ts) read as they did.
    expect(Number(readCount)).toBeGreaterThanOrEqual(changed.length);
    expect(Number(readCount)).toBeLessThan(Number(pageCount) / 5);
  });

  it('is read through a caching proxy within moments of Publish: the pages it changed are purged', async () => {
    const sitePort = await getPort({ host: '127.0.0.1' });
    const site = serve({
      fetch: siteRoutes(() => publisher.siteRoots()).fetch,
      port: sitePort,
      hostname: '127.0.0.1',
    });
    const proxy = await startVarnish(sitePort);
    const previous = process.env.CDN_PURGE_URL;
    try {
      const read = (path: string) => fetch(`${proxy.origin}${encodeURI(path)}`);
      const page = '/preRentedList/SBI Bank';
      expect(await (await read(page)).text()).toContain(rentShown(215500));
      const cached = await read(page);
      // A hit names two requests: this one and the one whose answer it keeps.
      expect(cached.headers.get('x-varnish')).toMatch(/^\d+ \d+$/);
      expect(cached.headers.get('cache-control')).toContain('s-maxage=');
      expect(cached.headers.get('cache-control')).toContain('stale-while-revalidate=');
      expect(cached.headers.get('cache-control')).toContain('stale-if-error=');
      const asset = /\/assets\/[^"]+\.css/.exec(await cached.text())?.[0] ?? '';
      expect((await read(asset)).headers.get('cache-control')).toContain('immutable');

      process.env.CDN_PURGE_URL = proxy.origin;
      const rent = await editedSheet(join(dir, 'sheets'), 'pre-rented.csv', '"₹2,15,500"', '"₹2,19,900"');
      const draft = await publisher.createDraft([{ path: 'pre-rented.csv', bytes: rent }]);
      await publisher.publish(draft.id, { name: 'Asha Rao', email: 'asha@example.com' }, 'Another rent');
      const fresh = await read(page);
      expect(fresh.headers.get('x-varnish')).toMatch(/^\d+$/);
      expect(await fresh.text()).toContain(rentShown(219900));
    } finally {
      if (previous === undefined) delete process.env.CDN_PURGE_URL;
      else process.env.CDN_PURGE_URL = previous;
      await proxy.stop();
      await new Promise((closed) => site.close(closed));
    }
  });
});

describe('a full build', { timeout: 240_000 }, () => {
  /**
   * The checkout's site data with its pre-rented sheet grown to `records` (as bench:scale grows
   * it), written into `work`: a site large enough for routes of many pages.
   */
  async function grownData(work: string, records: number): Promise<string> {
    const sheets = join(work, 'sheets');
    await cp(join(dir, 'sheets'), sheets, { recursive: true, filter: (from) => !from.includes('/images') });
    const preRented = join(sheets, 'pre-rented.csv');
    await writeFile(preRented, grownPreRented(await readFile(preRented, 'utf8'), records));
    const loaded = await loadSite({ sheetsDir: sheets, imagesDir: join(dir, 'sheets/images') });
    if (loaded.site === null) throw new Error('The grown sheets did not load.');
    const built = JSON.parse(await readFile(join(dir, 'src/generated/site-data.json'), 'utf8')) as SiteData;
    const dataFile = join(work, 'site-data.json');
    await writeFile(dataFile, JSON.stringify({ ...loaded.site, images: built.images }));
    return dataFile;
  }

  /**
   * The pre-render of `dataFile` into a copy of the checkout's client build, each route's first
   * `probePerRoute` pages first; on two threads with `helper`, the publisher's kept thread.
   */
  async function prerendered(
    work: string,
    dataFile: string,
    probePerRoute: number,
    helper?: RenderHelper,
    loaded?: { name: string; server: (bundle: EntryServer) => EntryServer },
    prerender: Prerender = { prerenderSite },
  ) {
    const site = join(
      work,
      `site-${probePerRoute}${helper ? '-helped' : ''}${loaded ? `-${loaded.name}` : ''}${prerender.prerenderSite === prerenderSite ? '' : '-compiled'}`,
    );
    const bundles = (await listFiles(join(dir, 'dist'))).filter(
      (file) =>
        file === '.vite/manifest.json' ||
        (file.startsWith('assets/') && !file.startsWith('assets/pages/') && !/-rest-|\.(br|gz)$/.test(file)),
    );
    linkFiles(join(dir, 'dist'), site, bundles);
    // Its package.json is written anew; a symlink would have Vitest load the bundle's modules twice.
    await linkTree(join(dir, 'dist-ssr'), `${site}-ssr`, (file) => file === 'package.json');
    const server = pathToFileURL(join(`${site}-ssr`, 'entry-server.js')).href;
    const result = await prerender.prerenderSite({
      dist: site,
      dataFile,
      probePerRoute,
      ...(helper ? { helper: { thread: helper, server } } : {}),
      ...(loaded ? { server: loaded.server((await import(server)) as EntryServer) } : {}),
    });
    return {
      site,
      result,
      files: await siteDigest(site),
      sitemap: await readFile(join(site, 'sitemap.xml'), 'utf8'),
    };
  }

  it('writes the pages past each route’s first 32 once, finished with the styles cut from those', async () => {
    const work = await mkdtemp(join(tmpdir(), 'probe-'));
    try {
      const dataFile = await grownData(work, 240);
      // As `npm run build` runs it: compiled by the checkout's build, its second thread loading the compiled code.
      const compiled = (await import(
        pathToFileURL(join(dir, COMPILED_PRERENDER)).href
      )) as typeof PrerenderModule;
      const [probed, whole, helped, built] = [
        await prerendered(work, dataFile, 32),
        await prerendered(work, dataFile, Infinity),
        await prerendered(work, dataFile, 32, new RenderHelper()),
        await prerendered(work, dataFile, 32, new compiled.RenderHelper(), undefined, compiled),
      ];
      // With every page in the probe, each is written, then written again once the styles are cut;
      // a page that repeats another under another spelling of its address is linked to it after.
      expect(whole.result.copies).toBeGreaterThan(20);
      expect(whole.result.rewritten).toBe(whole.result.pages - whole.result.copies);
      const site = JSON.parse(await readFile(dataFile, 'utf8')) as SiteData;
      const perRoute = new Map<string, number>();
      for (const { route } of allPages(site)) perRoute.set(route.id, (perRoute.get(route.id) ?? 0) + 1);
      const firstPages = [...perRoute.values()].reduce((sum, pages) => sum + Math.min(pages, 32), 0);
      expect(Math.max(...perRoute.values())).toBeGreaterThan(100);
      expect(probed.result).toMatchObject({ pages: whole.result.pages, rewritten: firstPages });
      expect(probed.files).toEqual(whole.files);
      // Two threads: the other takes the styles from its port as they are cut (how many pages it wrote before depends on timing).
      expect(helped.result.threads).toBe(availableParallelism() > 1 ? 2 : 1);
      expect(helped.files).toEqual(whole.files);
      expect(built.result.threads).toBe(availableParallelism() > 1 ? 2 : 1);
      expect(built.files).toEqual(whole.files);
      // The sitemap lists the pages as the threads found them, as finding each anew would.
      expect(probed.sitemap).toBe(sitemapXml(sitemapEntries(site, allPages(site))));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('writes a page under a locality’s other spelling once, linked to its original, unless their content differs', async () => {
    const work = await mkdtemp(join(tmpdir(), 'copies-'));
    try {
      const dataFile = await grownData(work, 240);
      const site = JSON.parse(await readFile(dataFile, 'utf8')) as SiteData;
      const pairs = allPages(site).flatMap(({ route, path }) => {
        const original = route.original?.(site, path) ?? null;
        return original === null
          ? []
          : [{ routeId: route.id, copy: outputFile(path), original: outputFile(original) }];
      });
      // A locality's own page under its other spelling is not in the same frame: the menus mark its original.
      const locality = pairs
        .filter(({ routeId }) => routeId === 'locality-tenant')
        .map(({ copy, original }) => [copy, original] as const);
      expect(locality.length).toBeGreaterThan(20);
      const inode = async (file: string) => (await stat(file)).ino;
      const payloadOf = async (file: string) =>
        /data-payload="([^"]+)"/.exec(await readFile(file, 'utf8'))?.[1] ?? 'none';

      const built = await prerendered(work, dataFile, 32);
      for (const [copy, original] of locality) {
        const [linked, to] = [join(built.site, copy), join(built.site, original)];
        // One file, named by the original's payload: the copy's own payload is never written.
        expect(await inode(linked), copy).toBe(await inode(to));
        expect(await payloadOf(linked)).toBe(await payloadOf(to));
      }
      const paths = new Set(locality.map(([copy]) => copy));
      for (const file of Object.keys(built.files).filter((file) => file.startsWith('assets/pages/'))) {
        const { path } = JSON.parse(await readFile(join(built.site, file), 'utf8')) as { path: string };
        expect(paths.has(outputFile(path)), file).toBe(false);
      }

      // Should a route one day write something else under the other spelling, that page is rendered as its own.
      const differing = await prerendered(work, dataFile, 32, undefined, {
        name: 'differing',
        server: (bundle) => ({
          ...bundle,
          readPage: (data, layout, route, path, as) => {
            const reading = bundle.readPage(data, layout, route, path, as);
            if (reading === null || as === undefined || as === path) return reading;
            return {
              ...reading,
              digest: `${reading.digest} apart`,
              document: (assets) => {
                const document = reading.document(assets);
                const meta = { ...document.head.meta, title: `${document.head.meta.title} (apart)` };
                return { ...document, digest: `${document.digest} apart`, head: { ...document.head, meta } };
              },
            };
          },
        }),
      });
      expect(differing.result.threads).toBe(1);
      for (const [copy, original] of locality) {
        const [apart, to] = [join(differing.site, copy), join(differing.site, original)];
        expect(await inode(apart), copy).not.toBe(await inode(to));
        expect(await readFile(apart, 'utf8')).toContain('(apart) |');
        expect(await readFile(to, 'utf8')).not.toContain('(apart)');
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

/** Debian's Varnish in front of the site on `sitePort`, taking PURGE from this machine. */
async function startVarnish(sitePort: number): Promise<{ origin: string; stop(): Promise<void> }> {
  const work = await mkdtemp(join(tmpdir(), 'varnish-'));
  const vcl = join(work, 'site.vcl');
  await writeFile(
    vcl,
    `vcl 4.1;
acl purgers { "127.0.0.1"; }
backend site { .host = "127.0.0.1"; .port = "${sitePort}"; }
sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) { return (synth(405)); }
    return (purge);
  }
}
`,
  );
  const port = await getPort({ host: '127.0.0.1' });
  // -j none: as root in CI, without a user of its own to drop to.
  const child: ChildProcess = spawn(
    'varnishd',
    ['-F', '-j', 'none', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', join(work, 'state'), '-s', 'malloc,32m'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${port}`;
  // Answers once its worker listens; until then the connection is refused.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd did not start:\n${output}`);
    const answered = await fetch(`${origin}/`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    await new Promise((next) => setTimeout(next, 100));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      await exited;
      await rm(work, { recursive: true, force: true });
    },
  };
}
