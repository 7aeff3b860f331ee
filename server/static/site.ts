/**
 * Serves a built site the way static hosts do: percent-encoded paths decoded
 * (`/preRentedList/SBI%20Bank`, `/terms%26Condition`), `/a/b` and `/a/b/` both
 * from `a/b/index.html`, brotli or gzip where the browser takes them (the
 * build's copies of the code, the pages compressed on first request), ranges,
 * ETags and 304s, the `_headers` file applied, unknown
 * paths answered with `404.html` and status 404, and any method but GET and
 * HEAD with 405.
 *
 * The folder may change between requests (the publisher switches builds): each
 * request reads it once, so a page, its headers and its 404 come from one build.
 * A hashed file (`/assets/*`, `/media/*`) the live build no longer has is served
 * from an earlier kept build, for pages loaded before the switch.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_CACHE } from '../../pipeline/headers';
import type { Served } from './compress-on-demand';
import { compressOnDemand } from './compress-on-demand';
import type { HeaderRules } from './headers-file';
import { parseHeadersFile } from './headers-file';

/**
 * The decoded path a request names inside the site, or null when it names
 * nothing there: a malformed escape, a NUL, a backslash, a `.` or `..`
 * segment, or files a host never serves: `_headers`, and hidden files and
 * folders but `.well-known` (the build's record of its pages, `.vite/`, is
 * 6 MB at 10,000 records), as sirv and Express's serve-static leave them.
 */
function sitePath(rawPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const hidden = (segment: string) => segment.startsWith('.') && segment !== '.well-known';
  if (/[\0\\]/.test(path) || path.split('/').some(hidden)) return null;
  return path === '/_headers' ? null : path;
}

/** The raw (still percent-encoded) path of a request, as `_headers` patterns match it. */
const rawPathOf = (c: Context) => new URL(c.req.url).pathname;

/** The built site to serve now, and earlier builds whose hashed files still answer. */
export interface SiteFolders {
  live: string;
  earlier: readonly string[];
}

/** Files named by their content: a page of an earlier build may still ask for them. */
const HASHED = /^\/(assets|media)\//;

type Env = { Variables: { live: string; root: string; served?: Served } };

/** Keeps one value per build folder, forgetting them all when builds have come and gone. */
function perFolder<T>(make: (folder: string) => T): (folder: string) => T {
  const values = new Map<string, T>();
  return (folder) => {
    let value = values.get(folder);
    if (value === undefined) {
      if (values.size >= 32) values.clear();
      value = make(folder);
      values.set(folder, value);
    }
    return value;
  };
}

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

export function siteRoutes(root: string | (() => SiteFolders)) {
  const folders = typeof root === 'string' ? () => ({ live: root, earlier: [] }) : root;
  const app = new Hono<Env>();
  const headerRules = perFolder((folder) =>
    readFile(join(folder, '_headers'), 'utf8').then(parseHeadersFile, () => [] as HeaderRules),
  );
  const serveFrom = perFolder((folder) =>
    serveStatic<Env>({
      root: folder,
      precompressed: true,
      allowPercentInPath: true,
      // From the raw path, decoded once: the path handed in is decoded already, and decoding
      // it again would turn %252e%252e into a `..` that no check above has seen.
      rewriteRequestPath: (_path, c) => sitePath(rawPathOf(c)) ?? '/\0',
      onFound: (file, c) => c.set('served', { root: folder, file }),
    }),
  );

  const chooseFolder: MiddlewareHandler<Env> = async (c, next) => {
    const { live, earlier } = folders();
    c.set('live', live);
    c.set('root', live);
    const path = sitePath(rawPathOf(c));
    if (path !== null && HASHED.test(path) && earlier.length > 0 && !(await isFile(join(live, path))))
      for (const folder of earlier)
        if (await isFile(join(folder, path))) {
          c.set('root', folder);
          break;
        }
    await next();
  };

  const applyHeaders: MiddlewareHandler<Env> = async (c, next) => {
    await next();
    const path = rawPathOf(c);
    // A not-found answer keeps no rule's caching: `/assets/*` is immutable for a year, and a
    // hashed file missing now (asked for by a preview, say) may arrive with the next publish.
    const failed = c.res.status >= 400;
    for (const rule of await headerRules(c.var.root))
      if (rule.pattern.test(path))
        for (const [name, value] of rule.headers)
          if (!(failed && name.toLowerCase() === 'cache-control')) c.res.headers.set(name, value);
    // The not-found page, and pages of a build whose _headers predates their caching.
    if (c.res.headers.get('content-type')?.startsWith('text/html') && !c.res.headers.has('cache-control'))
      c.res.headers.set('Cache-Control', PAGE_CACHE);
  };

  const notFound = async (c: Context<Env>) => {
    const page = await readFile(join(c.var.live, '404.html')).catch(() => null);
    if (page === null) return c.text('Not found. The site has not been built: run `npm run build`.', 404);
    c.header('Content-Type', 'text/html; charset=utf-8');
    return c.req.method === 'HEAD' ? c.body(null, 404) : c.body(page, 404);
  };

  // A file's validator is its size and modification time (as nginx and sirv make it): a rebuilt file gets a new one.
  const validators: MiddlewareHandler = async (c, next) => {
    await next();
    const modified = c.res.headers.get('last-modified');
    if (c.res.status !== 200 && c.res.status !== 206) return;
    if (modified === null) return;
    const size = c.res.headers.get('content-range')?.split('/')[1] ?? c.res.headers.get('content-length');
    const encoding = c.res.headers.get('content-encoding') ?? 'identity';
    c.res.headers.set('ETag', `W/"${size}-${Date.parse(modified).toString(36)}-${encoding}"`);
    c.res.headers.set('Accept-Ranges', 'bytes');
  };

  app.use('*', chooseFolder, applyHeaders);
  app.on(['GET', 'HEAD'], '*', etag({ weak: true }), validators, async (c, next) => {
    if (sitePath(rawPathOf(c)) === null) return notFound(c);
    return next();
  });
  app.on(['GET', 'HEAD'], '*', compressOnDemand(), (c, next) => serveFrom(c.var.root)(c, next), notFound);
  app.all('*', (c) => {
    c.header('Allow', 'GET, HEAD');
    return c.text('Pages can only be read (GET or HEAD).', 405);
  });
  return app;
}
