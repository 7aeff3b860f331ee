import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};

/** Brotli where the browser takes it, as hosts such as Netlify and Cloudflare serve it; else gzip. */
function encodingFor(request: IncomingMessage): Encoding | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : null;
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
  // Each file is compressed once, at the highest level, like a host's pre-compressed copies;
  // a rebuilt file (new modification time) is compressed again.
  const compressed = new Map<string, { modified: number; body: Promise<Buffer> }>();
  const compress = async (file: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding} ${file}`;
    const modified = (await stat(file)).mtimeMs;
    let entry = compressed.get(key);
    if (entry?.modified !== modified) {
      entry = { modified, body: readFile(file).then(compressors[encoding]) };
      compressed.set(key, entry);
    }
    return entry.body;
  };
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
    const encoding = COMPRESSIBLE.has(extension) ? encodingFor(request) : null;
    if (encoding) {
      response.setHeader('Content-Encoding', encoding);
      response.setHeader('Vary', 'Accept-Encoding');
    }
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    if (encoding) {
      response.end(await compress(served, encoding));
      return;
    }
    const stream = createReadStream(served);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  };
}
