import { createHash } from 'node:crypto';
import { link, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  finishPage,
  finishPages,
  headAddition,
  inlineHash,
  routeStyles,
  selectedAttributes,
  styleSignature,
} from '../../pipeline/critical-css';

const STYLESHEET = [
  "@font-face{font-family:'Inter Variable';font-display:swap;src:url(/assets/inter.woff2)format('woff2')}",
  "@font-face{font-family:'Inter Fallback';src:local('Arial');size-adjust:107%}",
  ':root{--ink:#111}',
  '.card{color:var(--ink)}',
  '.card:hover{color:red}',
  '.menu[open] .panel{display:block}',
  '.panel{display:none}',
  '.header[data-scrolled=true]{background:gold}',
  '.unused{color:blue}',
  '@media (width>=900px){.card{padding:2rem}.unused{padding:0}}',
].join('');

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>t</title></head><body>${body}</body></html>`;

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

async function written(pages: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'critical-css-'));
  folders.push(dir);
  for (const [file, html] of Object.entries(pages)) await writeFile(join(dir, file), html);
  return dir;
}

describe('routeStyles', () => {
  it('keeps inline what the route’s pages use, opened menus included, and writes the rest as a file', async () => {
    const dir = await written({
      'a.html': page('<div class="card">A</div><details class="menu"><div class="panel">P</div></details>'),
      'b.html': page('<header class="header" data-scrolled="false">H</header>'),
    });
    const { styles } = await routeStyles(
      dir,
      [
        { routeId: 'cards', file: 'a.html' },
        { routeId: 'frame', file: 'b.html' },
      ],
      { href: '/assets/style-abc.css', css: STYLESHEET },
    );
    const cards = styles.get('cards');
    if (!cards) throw new Error('no styles for the route "cards"');
    // Web fonts in neither part: the entry adds them after the lead picture.
    expect(cards.css).not.toContain('inter.woff2');
    expect(cards.css).toContain("font-family:'Inter Fallback'");
    expect(cards.css).toContain(':root{--ink:#111}');
    expect(cards.css).toContain('.card:hover');
    expect(cards.css).toContain('.menu[open] .panel');
    expect(cards.css).not.toContain('.unused');
    expect(cards.css).not.toContain('data-scrolled');
    // The rest holds what the page does not use, and neither the fonts nor a rule it carries inline.
    expect(cards.restHref).toMatch(/^\/assets\/style-abc-rest-[0-9a-f]{10}\.css$/);
    const rest = await readFile(join(dir, cards.restHref), 'utf8');
    expect(rest).toContain('.unused');
    expect(rest).toContain('.header[data-scrolled=true]');
    expect(rest).not.toContain('@font-face');
    expect(rest).not.toContain('.card{');
    expect(cards.hash).toBe(`'sha256-${createHash('sha256').update(cards.css).digest('base64')}'`);
    expect(styles.get('frame')?.css).not.toContain('.card');
  });

  it('reads pages styled alike once, and a page with other classes or selected states too', () => {
    const attributes = selectedAttributes(STYLESHEET);
    const signature = (body: string) => styleSignature(page(body), attributes);
    const a = signature('<div class="card" aria-label="One tenant" data-id="1">One tenant</div>');
    const b = signature(
      '<div class="card" aria-label="Another" data-id="2">Another tenant, other words</div>',
    );
    expect(a).toBe(b);
    expect(signature('<div class="card"><span class="badge">New</span></div>')).not.toBe(a);
    expect(signature('<details class="menu" open></details>')).not.toBe(
      signature('<details class="menu"></details>'),
    );
    // Words are not attributes, nor is a script's text markup.
    expect(signature('<p class="note">Keep the menu open</p><script>if (a<b) go()</script>')).toBe(
      signature('<p class="note">Other words</p><script>go()</script>'),
    );
    // A value the stylesheet compares tells pages apart; one it only asks for does not.
    expect(signature('<header class="header" data-scrolled="true"></header>')).not.toBe(
      signature('<header class="header" data-scrolled="false"></header>'),
    );
    // Signatures are kept by the traits in the order a page shows them: the same traits in
    // another order sign alike, and one more trait, met after, signs apart.
    expect(signature('<span class="badge"></span><div class="card"></div>')).toBe(
      signature('<div class="card"></div><span class="badge"></span>'),
    );
    expect(signature('<div class="card"></div><span class="badge"></span><i></i>')).not.toBe(
      signature('<div class="card"></div><span class="badge"></span>'),
    );
    // Classes sign alike however the elements share them out, and whatever their spacing.
    expect(signature('<div class="card  badge"></div><p class="note"></p>')).toBe(
      signature('<div class="card"></div><p class="badge note"></p>'),
    );
    expect(signature('<div class="card badge"></div>')).not.toBe(signature('<div class="card"></div>'));
  });

  it('reads a few samples of a route, however many pages it has', async () => {
    // Tenant pages as the pre-render writes them: names and generated ids in attribute values.
    const tenant = (n: number) =>
      page(
        `<header class="header" data-scrolled="false"><a aria-current="page" href="/t/${n}">Home</a></header>` +
          `<div class="card" id="_R_${n}_" aria-label="Enquire about Tenant ${n}" data-tenant="Tenant ${n}">` +
          `<h2 aria-labelledby="_R_${n}_">Tenant ${n}</h2>${n % 3 === 0 ? '<span class="badge">New</span>' : ''}</div>`,
      );
    const files = Object.fromEntries(Array.from({ length: 600 }, (_, n) => [`t${n}.html`, tenant(n)]));
    const dir = await written(files);
    const { styles, signatures } = await routeStyles(
      dir,
      Object.keys(files).map((file) => ({ routeId: 'tenant', file })),
      { href: '/assets/style-abc.css', css: STYLESHEET },
    );
    expect(signatures.size).toBe(600);
    // Pages with a badge and pages without: two samples, the first page of each kind.
    expect(styles.get('tenant')?.samples).toEqual(['t0.html', 't1.html']);
  });

  it('keeps a route’s earlier styles without reading a page when its samples are unchanged', async () => {
    const files = {
      'a.html': page('<div class="card">A</div>'),
      'b.html': page('<div class="card">B</div>'),
    };
    const pages = Object.keys(files).map((file) => ({ routeId: 'cards', file }));
    const stylesheet = { href: '/assets/style-abc.css', css: STYLESHEET };
    const first = await routeStyles(await written(files), pages, stylesheet);
    const style = first.styles.get('cards');
    if (!style) throw new Error('no styles for the route "cards"');
    // The pages are not there to read: any reading would fail.
    const again = await routeStyles(await written({}), pages, stylesheet, {
      signatureOf: (file) => first.signatures.get(file),
      skeletonOf: (_routeId, file) => style.skeletons[style.samples.indexOf(file)],
      reuse: (_routeId, key) => Promise.resolve(key === style.key ? style : undefined),
    });
    expect(again.styles.get('cards')).toEqual(style);
  });
});

describe('finishPage', () => {
  const style = {
    css: '.card{color:red}',
    hash: inlineHash('.card{color:red}'),
    restHref: '/assets/r.css',
    samples: [],
    skeletons: [],
    key: '',
  };

  it('writes the policy, then the styles, at the top of the head, and links the rest for a visitor without script', () => {
    const html = finishPage(page('<p>x</p>'), "style-src 'self' 'sha256-x'", style, '/assets/all.css');
    expect(html).toMatchInlineSnapshot(
      `"<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="style-src &#x27;self&#x27; &#x27;sha256-x&#x27;"/><style data-stylesheet="/assets/r.css">.card{color:red}</style><noscript><link rel="stylesheet" href="/assets/all.css"/></noscript><title>t</title></head><body><p>x</p></body></html>"`,
    );
  });

  it('writes every page finished, and replaces an earlier build’s finish without changing its file', async () => {
    const earlier = await written({ 'a.html': page('<p>a</p>'), 'b.html': page('<p>b</p>') });
    finishPages(
      earlier,
      [{ routeId: 'r', file: 'a.html' }],
      new Map([['r', headAddition('p1', style, '/all.css')]]),
    );
    const first = await readFile(join(earlier, 'a.html'), 'utf8');
    expect(first).toBe(finishPage(page('<p>a</p>'), 'p1', style, '/all.css'));

    const next = await written({ 'b.html': page('<p>b</p>') });
    await link(join(earlier, 'a.html'), join(next, 'a.html'));
    const restyled = { ...style, css: '.card{color:blue}', restHref: '/assets/r2.css' };
    finishPages(
      next,
      [
        { routeId: 'r', file: 'a.html', finished: true },
        { routeId: 'r', file: 'b.html' },
      ],
      new Map([['r', headAddition('p2', restyled, '/all.css')]]),
    );
    expect(await readFile(join(next, 'a.html'), 'utf8')).toBe(
      finishPage(page('<p>a</p>'), 'p2', restyled, '/all.css'),
    );
    expect(await readFile(join(next, 'b.html'), 'utf8')).toBe(
      finishPage(page('<p>b</p>'), 'p2', restyled, '/all.css'),
    );
    expect(await readFile(join(earlier, 'a.html'), 'utf8')).toBe(first);
  });

  it('refuses a page whose head it cannot find', () => {
    expect(() =>
      finishPage('<html><head></head></html>', '', style, '/assets/all.css'),
    ).toThrowErrorMatchingInlineSnapshot(
      `[Error: A pre-rendered page does not start its head with <head><meta charSet="utf-8"/> exactly once.]`,
    );
  });
});
