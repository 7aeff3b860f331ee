/**
 * `npm run dev`: Vite in middleware mode. Every page is rendered on request through
 * the same route table, entry and data as the build, from the current sheets (the
 * sheets plugin reloads them on save, shows their errors in the error overlay and their warnings in a
 * dismissible panel of the page).
 * Unknown paths get the not-found page with status 404. The forms work as with
 * `npm start`: the lead API and the EmailJS stand-in answer here too, on the same
 * embedded database, unless another process (`npm start`) holds it.
 *
 *   tsx server/dev.ts [--port 5173] [--host 127.0.0.1] [--sheets DIR]
 *
 * --sheets (or SHEETS_DIR) previews another folder of sheets than sheets/, e.g. a copy to try an
 * edit on, or the test of the error overlay's broken sheet (tests/e2e/dev-overlay.spec.ts).
 */
import { getRequestListener } from '@hono/node-server';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer as createViteServer } from 'vite';
import { sheetsApi } from '../pipeline/vite-plugin-sheets';
import type { PageAssets } from '../src/app/payload';
import type * as EntryServerModule from '../src/entry-server';
import { readConfig } from './config';
import { EMAILJS_FORM_PATH, EMAILJS_JSON_PATH, LEAD_PATH } from './leads/api';
import { openService } from './service';

type EntryServer = typeof EntryServerModule;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '5173' },
    host: { type: 'string', default: '127.0.0.1' },
    sheets: { type: 'string', default: process.env.SHEETS_DIR ?? 'sheets' },
  },
});

const root = resolve(import.meta.dirname, '..');
const sheetsDir = resolve(values.sheets);
// vite.config.ts gives the sheets plugin this folder.
process.env.SHEETS_DIR = sheetsDir;
const sourceImages = join(sheetsDir, 'images');
const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/**
 * In dev the browser loads the entry as source; styles arrive with it. The
 * sheets' warnings panel is a script of the preview alone: no build ever includes it.
 * The boot script comes from the server entry as Vite compiled it (BOOT_SCRIPT).
 */
const DEV_ASSETS: Omit<PageAssets, 'boot'> = {
  entry: '/src/entry-client.tsx',
  scripts: ['/@vite/client', '/pipeline/dev-sheet-warnings.ts'],
  fonts: [],
};

// Vite's live-reload socket shares the page server's port: its own default port (24678) would
// clash with a second dev server on the same machine.
const server = createServer();
// Vite would print a screen of notes on every start about how a future loader will read the config's
// imports: nobody running the preview can act on them (the sheets plugin's lazy imports need the
// bundling loader, which stays the default).
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const vite = await createViteServer({
  root,
  server: { middlewareMode: true, hmr: { server } },
  appType: 'custom',
  // Found at start, the client's dependencies are bundled once, not on the first page's request
  // followed by a reload of that page.
  optimizeDeps: { entries: ['src/entry-client.tsx'] },
});
const sheets =
  sheetsApi(vite.config.plugins) ??
  (() => {
    throw new Error('vite.config.ts must include sheetsPlugin() for the dev server.');
  })();

/**
 * Pictures not yet generated under public/media are served from their source in
 * sheets/images (a sheet's image `url` is /media/{path in sheets/images}).
 */
async function serveSourceImage(pathname: string, response: ServerResponse): Promise<boolean> {
  if (!pathname.startsWith('/media/')) return false;
  const file = normalize(join(sourceImages, decodeURIComponent(pathname.slice('/media/'.length))));
  if (!file.startsWith(sourceImages + sep)) return false;
  const found = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!found) return false;
  response.setHeader('Content-Type', IMAGE_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  createReadStream(file).pipe(response);
  return true;
}

const leadService = await openService(readConfig(process.env), { emailJsStandIn: true }).catch(
  (error: unknown) => {
    console.warn(
      `The forms will not be stored in this preview: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  },
);
const leadRequests = leadService === null ? null : getRequestListener(leadService.app.fetch);
const LEAD_PATHS = new Set([LEAD_PATH, EMAILJS_FORM_PATH, EMAILJS_JSON_PATH]);

/**
 * The payloads of the pages rendered lately, by address: a page fetches its own as soon as it
 * has painted. Named by their content, so a page re-rendered from changed sheets names a new one.
 */
const renderedPayloads = new Map<string, string>();

function rememberPayload(address: string, json: string): void {
  renderedPayloads.delete(address);
  renderedPayloads.set(address, json);
  // The oldest first: a preview open in a few tabs needs only the last few.
  for (const old of renderedPayloads.keys()) {
    if (renderedPayloads.size <= 64) break;
    renderedPayloads.delete(old);
  }
}

async function renderPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (await serveSourceImage(url.pathname, response)) return;
  const site = await sheets.getSite();
  if (site === null) {
    response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(
      'The sheets have errors, so there is no data to show. The terminal lists them; fix and save.',
    );
    return;
  }
  const payload = renderedPayloads.get(url.pathname);
  if (payload !== undefined) {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(payload);
    return;
  }
  const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServer;
  const wanted = decodeURIComponent(url.pathname).replace(/(.)\/+$/, '$1');
  const pages = entry.allPages(site);
  const found = pages.find((page) => page.path === wanted && page.route.id !== 'not-found');
  const page = found ?? pages.find((p) => p.route.id === 'not-found');
  if (!page) throw new Error('The route table has no not-found page.');
  const document = entry.pageDocument(site, entry.layoutData(site), page.route, page.path, {
    ...DEV_ASSETS,
    boot: entry.BOOT_SCRIPT,
  });
  if (document === null)
    throw new Error(`Route "${page.route.id}" lists ${page.path} but finds no content there.`);
  const html = await entry.renderDocument(document);
  rememberPayload(document.head.payload, document.payloadJson);
  response.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html);
}

server.on('request', (request: IncomingMessage, response: ServerResponse) => {
  if (leadRequests !== null && LEAD_PATHS.has(new URL(request.url ?? '/', 'http://localhost').pathname)) {
    void leadRequests(request, response);
    return;
  }
  vite.middlewares(request, response, () => {
    renderPage(request, response).catch((error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      vite.ssrFixStacktrace(failure);
      console.error(failure);
      vite.ws.send({ type: 'error', err: { message: failure.message, stack: failure.stack ?? '' } });
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(failure.stack ?? failure.message);
    });
  });
});

server.listen(Number(values.port), values.host, () => {
  console.log(`Dev server: http://${values.host}:${values.port}/  (pages re-render from the current sheets)`);
});
