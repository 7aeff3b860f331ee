/**
 * The content policy reaches a visitor even from a host that ignores the
 * _headers file: every page carries it in a <meta http-equiv> tag, and with
 * the header taken away an injected script is still blocked while the site's
 * own script runs. SVG pictures, documents of their own when opened directly,
 * are sent sandboxed.
 */
import { createHash } from 'node:crypto';
import { expect, hydrated, test } from './fixtures';
import { PAGES, site, unescapeHtml } from './routes-data';
import { tenantPath } from '../../src/data/links';

test('every page carries its header policy in a <meta> tag, less frame-ancestors, naming only its own styles and its boot script', async ({
  request,
}) => {
  const styleSources = (policy: string) => /style-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  for (const page of [...PAGES, { url: '/no-such-page' }]) {
    const response = await request.get(page.url);
    const html = await response.text();
    const tags = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/g)];
    expect(tags, page.url).toHaveLength(1);
    const meta = unescapeHtml(tags[0]?.[1] ?? '');
    // The page's inline styles, by the hash of exactly what it carries.
    const css = /<style data-stylesheet="[^"]+">(.*?)<\/style>/s.exec(html)?.[1] ?? '';
    const own = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(styleSources(meta), page.url).toEqual(["'self'", own]);
    // The boot script, the one inline script that runs, allowed by the hash of its text alone.
    const boot =
      /<script data-entry="[^"]*" data-payload="[^"]*"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const bootHash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    const scriptSources = (policy: string) => /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSources(meta), page.url).toEqual(["'self'", bootHash]);
    expect(html.indexOf('http-equiv="Content-Security-Policy"'), page.url).toBeLessThan(
      Math.min(html.indexOf('<script'), html.indexOf('<style')),
    );
    // An address that names no page has no rule of its own in _headers (pipeline/headers.ts:
    // pagePolicies): its not-found page is held by its <meta> policy alone.
    const header = response.headers()['content-security-policy'];
    if (page.url === '/no-such-page') {
      expect(header).toBeUndefined();
      continue;
    }
    if (header === undefined) throw new Error(`${page.url} has no Content-Security-Policy header.`);
    // The header names the styles of the pages its rule covers: this page's, and no other route's
    // but those sharing its folder and the not-found page's, which answers the folder's addresses
    // that name no page.
    expect(styleSources(header), page.url).toContain(own);
    expect(styleSources(header).length, page.url).toBeLessThanOrEqual(4);
    expect(scriptSources(header), page.url).toEqual(["'self'", bootHash]);
    const withoutStyles = (policy: string) =>
      policy
        .split('; ')
        .filter((directive) => !/^(frame-ancestors|style-src) /.test(directive))
        .join('; ');
    expect(withoutStyles(meta), page.url).toBe(withoutStyles(header));
  }
});

test('with the header gone, an injected script is blocked and the site still works', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/Content Security Policy/);
  // A host that ignores _headers, and a page into which something slipped markup.
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const dropped = new Set(['content-security-policy', 'content-encoding', 'content-length']);
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !dropped.has(name)),
    );
    let body = await response.body();
    if (route.request().resourceType() === 'document') {
      body = Buffer.from(
        body
          .toString('utf8')
          .replace(
            '<body>',
            '<body><script>window.injected = "inline"</script><img src="data:," onerror="window.injected = \'handler\'">',
          ),
      );
    }
    await route.fulfill({ response, headers, body });
  });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (d: string) => void }).reportViolation(
        event.effectiveDirective,
      ),
    );
  });
  const response = await page.goto(tenantPath('SBI Bank'));
  expect(response?.headers()['content-security-policy']).toBeUndefined();
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
  expect(violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));
});

test('published SVG pictures hold no script and are served as sandboxed documents', async ({ request }) => {
  const svgs = Object.values(site.images).filter((image) => image.url.endsWith('.svg'));
  expect(svgs.length).toBeGreaterThan(0);
  for (const { url } of svgs) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-security-policy'], url).toContain('sandbox');
    expect(await response.text(), url).not.toMatch(/<script|\son\w+=|foreignObject|javascript:/i);
  }
});
