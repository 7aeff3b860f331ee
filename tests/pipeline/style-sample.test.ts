import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectedAttributes } from '../../pipeline/critical-css';
import { parsedStyleSample, styleSample } from '../../pipeline/style-sample';

const attributes = selectedAttributes(
  '.card{color:red}.card[data-kind=new]{color:gold}.row:nth-child(odd){color:grey}.menu[open]{display:block}',
);

const page = (body: string) =>
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/></head><body class="site">${body}</body></html>`;

const card = (n: number, extra = '') =>
  `<article class="card" aria-label="Tenant ${n}" data-kind="old"><h2>Tenant ${n}</h2>` +
  `<img src="/media/${n}.avif" alt="Shop ${n}"/><p>Rent &#x20B9;${n},000</p>${extra}</article>`;

const listing = (cards: string[]) =>
  page(
    `<header class="top"><a href="/">Home</a></header><ul class="list">${cards.join('')}</ul><footer>f</footer>`,
  );

const count = (html: string, text: string) => html.split(text).length - 1;

describe('styleSample', () => {
  it('reads a listing of thousands of cards built alike as a few of them, the last one included', () => {
    const cards = Array.from({ length: 5000 }, (_, n) => card(n));
    const { body } = styleSample(listing(cards), attributes);
    expect(count(body, '<article')).toBe(4);
    expect(body).toContain('Tenant 0<');
    expect(body).toContain('Tenant 4999<');
    expect(body).not.toContain('Tenant 10<');
    // Everything around the cards is kept as written, entities and void elements included.
    expect(body.startsWith('<header class="top"><a href="/">Home</a></header><ul class="list">')).toBe(true);
    expect(body).toContain('<img src="/media/0.avif" alt="Shop 0"/><p>Rent &#x20B9;0,000</p>');
    expect(body.endsWith('</ul><footer>f</footer>')).toBe(true);
  });

  it('keeps every card of another shape, and a card next to a neighbour of a new shape', () => {
    const cards = Array.from({ length: 300 }, (_, n) =>
      n === 150 ? card(n, '<span class="badge">New</span>') : card(n),
    );
    const { body } = styleSample(listing(cards), attributes);
    expect(body).toContain('class="badge"');
    // The card before the odd one and the one after it: `.card + .card:has(.badge)` still finds its pair.
    expect(body).toContain('Tenant 149<');
    expect(body).toContain('Tenant 151<');
    expect(count(body, '<article')).toBeLessThan(10);
  });

  it('gives bodies of the same skeleton one digest, whatever their words and however many repeats', () => {
    const of = (cards: string[]) => styleSample(listing(cards), attributes).skeleton;
    const five = of(Array.from({ length: 5 }, (_, n) => card(n)));
    expect(of(Array.from({ length: 500 }, (_, n) => card(n + 7)))).toBe(five);
    // Two alike or more match the same rules (an odd and an even place, the same last child): a
    // filter of two options that gains a third keeps its route's styles. One is not two.
    expect(of(Array.from({ length: 2 }, (_, n) => card(n)))).toBe(five);
    expect(of(Array.from({ length: 3 }, (_, n) => card(n)))).toBe(five);
    expect(of(Array.from({ length: 1 }, (_, n) => card(n)))).not.toBe(five);
    expect(of(Array.from({ length: 5 }, (_, n) => card(n, '<em>!</em>')))).not.toBe(five);
    // A value the stylesheet compares is part of the shape; one it never reads (a name) is not.
    expect(of(Array.from({ length: 5 }, (_, n) => card(n).replace('"old"', '"new"')))).not.toBe(five);
  });

  it('closes what it copies: inline SVG and nested lists come back whole', () => {
    const icon = '<svg viewBox="0 0 8 8"><path d="M0 0h8"/><path d="M0 4h8"/></svg>';
    const rows = Array.from({ length: 50 }, (_, n) => `<li class="row">${icon}<span>${n}</span></li>`);
    const { body } = styleSample(page(`<ol>${rows.join('')}</ol>`), attributes);
    expect(body).toBe(
      `<ol>${[0, 1, 2, 49].map((n) => `<li class="row">${icon}<span>${n}</span></li>`).join('')}</ol>`,
    );
  });

  it('reads every body as htmlparser2 does, markup React never writes included', () => {
    const bodies = [
      listing(Array.from({ length: 40 }, (_, n) => card(n, n % 7 === 0 ? '<em>!</em>' : ''))),
      '<form><label>Name<input name="a" required=""/></label><textarea rows="3">Hi &amp; bye</textarea><select><option value="1">One</option><option>Two</option></select><button type="submit">Send</button></form>',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table><details open=""><summary>More</summary><p>x<!-- -->y<!--$-->z<!--/$--></p></details>',
      '<svg viewBox="0 0 8 8"><defs><clipPath id="c"><rect width="8" height="8"/></clipPath></defs><g><path d="M0 0h8"/></g></svg><img src="a.png" alt="">',
      // Ends implied by the next tag, end tags out of order, and tags only htmlparser2 reads.
      '<p>one<p>two<div>three</p><li>a<li>b</ul><a href="/x">x<a href="/y">y</a>',
      '<div class=\'card\' data-kind=new hidden>x</div><div class="card" class="row" data-kind = "new">y</div><div / class="card">z</div>',
      '<textarea>a <b>bold</b> c</textarea><script>if (a < b) x()</script><style>p>a{}</style><title>T</title>',
      '<image src="i.png"/><IMG SRC="J.PNG"><Div Class="Card">x</DIV><math><mi>x</mi></math><br/></br></p>',
      '<form><form><input></form></form><!-->x<!--->y<!-- a --!>z<!--b-->',
      '<div><span>open at the end',
      '<plaintext><b>x</b></plaintext><p>after</p>',
    ];
    for (const body of bodies)
      expect(styleSample(page(body), attributes)).toEqual(parsedStyleSample(page(body), attributes));
  });

  it('is read by a stylesheet whose positional rules match alike in a run of two alike and in a longer one', async () => {
    // The skeleton tells runs of two or more alike apart no further (style-sample.ts, RUN): a rule
    // such as `:nth-child(3)` would match in one and not in the other, and needs RUN raised first.
    const src = resolve(import.meta.dirname, '../../src');
    const sheets = (await readdir(src, { recursive: true })).filter((file) => file.endsWith('.css'));
    const positional = new Set<string>();
    for (const sheet of sheets)
      for (const [rule] of (await readFile(join(src, sheet), 'utf8')).matchAll(
        /:(?:nth-[a-z-]+\([^)]*\)|first-[a-z-]+|last-[a-z-]+|only-[a-z-]+)/g,
      ))
        positional.add(rule);
    expect(sheets.length).toBeGreaterThan(10);
    expect(
      [...positional].filter(
        (rule) =>
          ![':first-child', ':last-child', ':nth-child(odd)', ':nth-child(even)', ':nth-child(2n)'].includes(
            rule,
          ),
      ),
    ).toEqual([]);
  });
});
