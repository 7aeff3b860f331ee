/**
 * Serves a built site the way static hosts do: percent-encoded paths decoded
 * (`/preRentedList/SBI%20Bank`, `/terms%26Condition`), `/a/b` and `/a/b/` both
 * from `a/b/index.html`, the build's brotli and gzip copies where the browser
 * takes them, ranges, ETags and 304s, the `_headers` file applied, unknown
 * paths answered with `404.html` and status 404, and any method but GET and
 * HEAD with 405.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HeaderRules } from './headers-file';
import { parseHeadersFile } from './headers-file';

/**
 * The decoded path a request names inside the site, or null when it names
 * nothing there: a malformed escape, a NUL, a backslash, a `.` or `..`
 * segment, or files a host never serves (`_headers`).
 */
function sitePath(rawPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..'))
    return null;
  return path === '/_headers' ? null : path;
}

/** The raw (still percent-encoded) path of a request, as `_headers` patterns match it. */
const rawPathOf = (c: Context) => new URL(c.req.url).pathname;

export function siteRoutes(root: string) {
  const app = new Hono();
  let rules: Promise<HeaderRules> | undefined;
  const headerRules = () =>
    (rules ??= readFile(join(root, '_headers'), 'utf8').then(parseHeadersFile, () => []));

  const applyHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    const path = rawPathOf(c);
    for (const rule of await headerRules())
      if (rule.pattern.test(path)) for (const [name, value] of rule.headers) c.res.headers.set(name, value);
  };

  const notFound = async (c: Context) => {
    const page = await readFile(join(root, '404.html')).catch(() => null);
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

  app.use('*', applyHeaders);
  app.on(['GET', 'HEAD'], '*', etag({ weak: true }), validators, async (c, next) => {
    if (sitePath(rawPathOf(c)) === null) return notFound(c);
    return next();
  });
  app.on(
    ['GET', 'HEAD'],
    '*',
    serveStatic({
      root,
      precompressed: true,
      allowPercentInPath: true,
      // From the raw path, decoded once: the path handed in is decoded already, and decoding
      // it again would turn %252e%252e into a `..` that no check above has seen.
      rewriteRequestPath: (_path, c) => sitePath(rawPathOf(c)) ?? '/\0',
    }),
    notFound,
  );
  app.all('*', (c) => {
    c.header('Allow', 'GET, HEAD');
    return c.text('Pages can only be read (GET or HEAD).', 405);
  });
  return app;
}
