import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ico': 'image/x-icon',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.svg']);

/** Rules of a Netlify/Cloudflare-style `_headers` file: a path pattern, then indented `Name: value` lines. */
export type HeaderRules = { pattern: RegExp; headers: [string, string][] }[];

export function parseHeadersFile(text: string): HeaderRules {
  const rules: HeaderRules = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0)
      rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a static host serves for a decoded URL path: the file itself, or the folder's index.html. */
async function resolveFile(root: string, decodedPath: string): Promise<string | null> {
  const relative = normalize(decodedPath).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root + sep)) return null;
  if (await isFile(full)) return full;
  const index = join(full, 'index.html');
  return (await isFile(index)) ? index : null;
}

/**
 * Serves a built site the way static hosts do: percent-encoded paths decoded,
 * `/a/b` and `/a/b/` both from `a/b/index.html`, unknown paths answered with
 * `404.html` and status 404, and the `_headers` file applied.
 */
export function staticFiles(root: string) {
  let rules: Promise<HeaderRules> | null = null;
  const headerRules = () =>
    (rules ??= readFile(join(root, '_headers'), 'utf8').then(parseHeadersFile, () => []));

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      decoded = '';
    }
    const file = decoded.includes('\0') || decoded === '' ? null : await resolveFile(root, decoded);
    const served = file ?? join(root, '404.html');
    response.statusCode = file ? 200 : 404;
    for (const rule of await headerRules()) {
      if (rule.pattern.test(url.pathname))
        for (const [name, value] of rule.headers) response.setHeader(name, value);
    }
    const extension = extname(served).toLowerCase();
    response.setHeader('Content-Type', TYPES[extension] ?? 'application/octet-stream');
    if (url.pathname.startsWith('/assets/'))
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    const gzip =
      COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzip) {
      response.setHeader('Content-Encoding', 'gzip');
      response.setHeader('Vary', 'Accept-Encoding');
    }
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = createReadStream(served);
    stream.on('error', () => response.destroy());
    if (gzip) stream.pipe(createGzip()).pipe(response);
    else stream.pipe(response);
  };
}
