/**
 * The preview of a draft: the whole site as it will be once published,
 * served under its own address (`{base}{draftId}/…`) while visitors keep the
 * live one. Its pages link to each other with root addresses (/projects), so
 * each HTML page's links, pictures and scripts are pointed into the preview,
 * and each carries a banner saying it is a preview, not the live site.
 */
import { Hono } from 'hono';
import { siteRoutes } from '../static/site';

/**
 * Attributes holding one address, among them the boot script's files (the page's script, its data
 * and its stylesheet), which differ from the live site's when the draft changes the page; and
 * those holding a list of them (responsive pictures).
 */
const ONE_ADDRESS = /(\s(?:href|src|action|poster|data-entry|data-payload|data-stylesheet)=")\/(?!\/)/g;
const ADDRESS_LIST = /(\s(?:srcset|imagesrcset)=")([^"]*)"/g;

/**
 * Shown at the top of every preview page, so that no one mistakes it for the website. Styled in
 * its own attribute: the site's content policy allows style attributes, and no stylesheet of the
 * site knows it.
 */
const BANNER =
  '<p role="note" style="position:sticky;top:0;z-index:2147483647;margin:0;padding:8px 16px;background:#7a1f1f;color:#fff;font:600 16px/1.4 system-ui,sans-serif;text-align:center">Preview: not the live site</p>';

export function intoPreview(html: string, prefix: string): string {
  return html
    .replace(/<body[^>]*>/, (body) => `${body}${BANNER}`)
    .replace(ONE_ADDRESS, `$1${prefix}/`)
    .replace(ADDRESS_LIST, (_match, start: string, list: string) =>
      `${start}${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${prefix}/`)}"`,
    );
}

/**
 * Serves the previews that `roots` knows (draft id → built site), under
 * `base` (e.g. /staff/preview/). Never cached or framed, never indexed.
 */
export function previewSite(base: string, roots: (draftId: string) => string | undefined) {
  const app = new Hono();
  app.on(['GET', 'HEAD'], '/:draftId/*', async (c) => {
    const draftId = c.req.param('draftId');
    const root = roots(draftId);
    if (root === undefined) {
      return c.text('This preview is no longer available: press Preview again on the Sheets page.', 404);
    }
    const prefix = `${base}${draftId}`;
    const url = new URL(c.req.url);
    const inner = new URL(url.pathname.slice(prefix.length) || '/', url);
    inner.search = url.search;
    // Asked for uncompressed and whole: HTML is rewritten on its way out.
    const response = await siteRoutes(root).fetch(new Request(inner, { method: c.req.method }));
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Robots-Tag', 'noindex');
    headers.set('X-Frame-Options', 'DENY');
    headers.delete('ETag');
    if (!(headers.get('Content-Type') ?? '').startsWith('text/html') || c.req.method === 'HEAD') {
      return new Response(response.body, { status: response.status, headers });
    }
    headers.delete('Content-Length');
    return new Response(intoPreview(await response.text(), prefix), { status: response.status, headers });
  });
  return app;
}
