/**
 * What a page asks for before its lead picture (issue 24). Every template paints from its HTML
 * alone: no request blocks rendering, the lead picture is the first file fetched after the page,
 * no font is preloaded ahead of it, and the page's own files (scripts, the rest of its styles,
 * its data, the fonts) are fetched only once it has painted and its picture has arrived. The
 * browser's own word is read: each request's render-blocking status, and when it started and
 * finished each one.
 */
import { createHash } from 'node:crypto';
import { expect, hydrated, test } from './fixtures';
import { TEMPLATES } from './a11y-helpers';

for (const template of TEMPLATES)
  test(`${template.path}: nothing blocks its first paint, and its lead picture comes before any font`, async ({
    page,
  }) => {
    const response = await page.goto(template.url);
    const html = (await response?.text()) ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    await hydrated(page);

    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => {
        const { name, startTime, responseEnd } = entry as PerformanceResourceTiming;
        const status = (entry as PerformanceResourceTiming & { renderBlockingStatus?: string })
          .renderBlockingStatus;
        return { name, startTime, responseEnd, renderBlockingStatus: status ?? 'unreported' };
      }),
    );
    const blocking = fetched.filter((entry) => entry.renderBlockingStatus !== 'non-blocking');
    expect(blocking, `${template.path}: requests that held up its first paint`).toEqual([]);

    // In the HTML: no stylesheet but the one a visitor without script gets, no script that stops the parser.
    const outsideNoscript = head.replace(/<noscript>.*?<\/noscript>/gs, '');
    expect(outsideNoscript, template.path).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const parserBlocking = (outsideNoscript.match(/<script\b[^>]*\bsrc=[^>]*>/g) ?? []).filter(
      (tag) => !/type="module"|\basync\b|\bdefer\b/.test(tag),
    );
    expect(parserBlocking, template.path).toEqual([]);

    // The styles it paints with are its own, allowed by their hash in the policy above them.
    const style = /<style data-stylesheet="[^"]+">(.*?)<\/style>/s.exec(head)?.[1];
    if (style === undefined) throw new Error(`${template.path} carries no inline styles`);
    const hash = createHash('sha256').update(style).digest('base64');
    expect(head.indexOf(`sha256-${hash}`), template.path).toBeGreaterThan(-1);
    expect(head.indexOf(`sha256-${hash}`), template.path).toBeLessThan(head.indexOf('<style'));

    const lead = await page.evaluate(
      () => document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.currentSrc ?? null,
    );
    const order = [...fetched].sort((a, b) => a.startTime - b.startTime).map((entry) => entry.name);
    // The page's own files wait for its first paint, and for its lead picture where it has one.
    const painted = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    );
    const arrived = fetched.find((entry) => entry.name === lead)?.responseEnd ?? 0;
    const ownFiles = fetched.filter((entry) => /\.(js|css|json|woff2)$/.test(new URL(entry.name).pathname));
    expect(ownFiles.length, `${template.path}: its scripts, styles, data and fonts`).toBeGreaterThan(3);
    const early = ownFiles.filter((entry) => entry.startTime < Math.max(painted, arrived));
    expect(early, `${template.path}: files asked for before it painted its lead picture`).toEqual([]);
    if (lead !== null) {
      expect(order[0], `${template.path}: the first request after the page`).toBe(lead);
      const picturePreload = head.search(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
      expect(picturePreload, `${template.path}: the lead picture's preload`).toBeGreaterThan(-1);
      const fontPreloads = [...head.matchAll(/<link rel="preload"[^>]*as="font"/g)].map((m) => m.index);
      for (const at of fontPreloads)
        expect(at, `${template.path}: a font preloaded ahead of the lead picture`).toBeGreaterThan(
          picturePreload,
        );
    }
  });
