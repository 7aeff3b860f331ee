import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withHeadAddition } from '../../pipeline/critical-css';
import { PageFileWriter } from '../../pipeline/page-file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'page-file-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HEAD = '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Airtel — ₹2.08 L</title>';
const addition = '<style>.a{color:red}</style>';

/** A page as renderDocumentParts writes one in its frame: its frame's parts at odd places. */
const framed = (own: string, header = '<header>Menu</header>', footer = '<footer>© 2026</footer>') => [
  `${HEAD}</head><body>`,
  header,
  `<main>${own}</main>`,
  footer,
  '</body></html>',
];

/** What the page's file must hold: its parts joined, finished, as UTF-8. */
const expected = (parts: readonly string[], finish?: string) => {
  const [head = '', ...rest] = parts;
  return Buffer.from([finish === undefined ? head : withHeadAddition(head, finish), ...rest].join(''));
};

describe('PageFileWriter', () => {
  it('writes a framed page, finished or not, as its parts joined would be: rupees, dashes and characters beyond two bytes included', async () => {
    const writer = new PageFileWriter();
    const pages = [
      framed('<p>Rent ₹2,08,000/month — lock-in 3 years</p>'),
      framed('<p>Café 🏢 Tower</p>', '<header aria-current="page">Menu</header>'),
      framed('<p>plain ASCII</p>'),
    ];
    for (const [at, parts] of pages.entries()) {
      const withFinish = join(dir, `finished-${at}.html`);
      const without = join(dir, `unfinished-${at}.html`);
      writer.write(withFinish, parts, addition);
      writer.write(without, parts);
      expect(await readFile(withFinish)).toEqual(expected(parts, addition));
      expect(await readFile(without)).toEqual(expected(parts));
    }
  });

  it('writes a page in one part (no frame) the same way', async () => {
    const parts = [`${HEAD}</head><body><main>₹95,340</main></body></html>`];
    const target = join(dir, 'one.html');
    new PageFileWriter().write(target, parts, addition);
    expect(await readFile(target)).toEqual(expected(parts, addition));
  });

  it('writes a page too long for its buffer (a large listing) whole, joined', async () => {
    const cards = Array.from({ length: 40_000 }, (_, i) => `<li>₹${i} — Tower ${i}</li>`).join('');
    const parts = framed(cards);
    expect(parts.join('').length * 3).toBeGreaterThan(1 << 20);
    const target = join(dir, 'listing.html');
    new PageFileWriter().write(target, parts, addition);
    // Compared as text: a deep comparison of two megabytes, byte by byte, takes seconds.
    expect((await readFile(target)).toString('latin1')).toBe(expected(parts, addition).toString('latin1'));
  });

  it('refuses a page whose head does not start as React writes it, naming the reason', () => {
    expect(() =>
      new PageFileWriter().write(join(dir, 'bad.html'), ['<html><head><title>x</title>'], addition),
    ).toThrowErrorMatchingInlineSnapshot(
      `[Error: A pre-rendered page does not start its head with <head><meta charSet="utf-8"/> exactly once.]`,
    );
  });
});
