/**
 * Compresses a text file the build left without copies (pages, their data files, the sitemap:
 * see `pipeline/compress.ts`) when a browser first asks for it, and keeps the copy in memory for
 * the next one, as nginx's `gzip` does beside `gzip_static`. zlib works on libuv's thread pool,
 * so the first visitor to ask for a page waits about 2 ms more and the event loop not at all.
 *
 * A copy is known by the file's path, size and modification time: a publish writes a new folder,
 * so a changed page is a new file and never meets the copy of the old one. A page that brotli's
 * best may bring under the first round trip is sent at quality 6 at first, and its best copy
 * takes the place of that one once made: 100 to 400 ms for a listing, too long to wait.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { readFile, stat } from 'node:fs/promises';
import { relative } from 'node:path';
import type { Encoding } from '../../pipeline/compress';
import { betterCopy, compressedCopy, compressible, ENCODINGS, mightFitBetter } from '../../pipeline/compress';

/**
 * Memory for the copies: a 10,000-record site's pages and data files compress to about 11 KB
 * and 3 KB each, so this holds the most-read few thousand of them.
 */
const CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Copies made at once. zlib shares libuv's four threads with the file reads of every request: a
 * compression holding them all delayed a page's read by 1.8 s (see server/publish/run-build.ts).
 */
const AT_ONCE = 2;

/** The build folder a response came from, and the file in it that was sent. */
export interface Served {
  root: string;
  file: string;
}

type Env = { Variables: { served?: Served } };

/** What the copy is made from. */
interface Source extends Served {
  encoding: Encoding;
}

/** The encoding the request takes that the site sends, the site's first choice first; null for none. */
function acceptedEncoding(c: Context): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (c.req.header('Accept-Encoding') ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    offered.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return ENCODINGS.find((encoding) => (offered.get(encoding) ?? 0) > 0) ?? null;
}

/**
 * The middleware: put it before the static files, which say what they sent by setting `served`.
 * A response already compressed (the build's copy), partial (a range) or not a plain 200 of a
 * text file passes as it is, and so does any file whose copy cannot be made: it was sent whole.
 */
export function compressOnDemand(): MiddlewareHandler<Env> {
  const limit = pLimit(AT_ONCE);
  const copies: LRUCache<string, Buffer, Source> = new LRUCache({
    maxSize: CACHE_BYTES,
    sizeCalculation: (copy) => Math.max(copy.length, 1),
    fetchMethod: (_key, _stale, { context }) =>
      limit(async () =>
        compressedCopy(relative(context.root, context.file), await readFile(context.file), context.encoding),
      ),
  });

  /** Puts a page's better brotli copy in place of the one made first, once made (betterCopy). */
  async function improve(key: string, { root, file }: Served, quick: Buffer): Promise<void> {
    if (!mightFitBetter(relative(root, file), quick)) return;
    const better = await limit(async () =>
      betterCopy(relative(root, file), await readFile(file), quick),
    ).catch(() => null);
    if (better !== null && copies.peek(key) === quick) copies.set(key, better);
  }

  return async (c, next) => {
    await next();
    const served = c.var.served;
    if (served === undefined || !compressible(served.file.replace(/\.(br|gz)$/, ''))) return;
    // Every answer for a text file depends on the header, sent compressed or not: a cache in front
    // must not give a browser that takes brotli the answer made for one that takes nothing.
    if (!(c.res.headers.get('Vary') ?? '').includes('Accept-Encoding'))
      c.res.headers.append('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(c);
    if (encoding === null || c.res.status !== 200 || c.res.headers.has('Content-Encoding')) return;
    const status: LRUCache.Status<string, Buffer> = {};
    const key = await stat(served.file).then(
      (info) => [served.file, info.size, info.mtimeMs, encoding].join('\0'),
      () => null,
    );
    if (key === null) return;
    const copy = await copies.fetch(key, { context: { ...served, encoding }, status }).catch(() => undefined);
    if (copy === undefined) return;
    if (status.fetch === 'miss' && encoding === 'br') void improve(key, served, copy);
    await c.res.body?.cancel();
    c.res = new Response(c.req.method === 'HEAD' ? null : new Uint8Array(copy), c.res);
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(copy.length));
  };
}
