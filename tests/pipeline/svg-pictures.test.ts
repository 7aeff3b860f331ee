/**
 * SVG pictures are sanitised before they are published: an SVG carrying a
 * script, event attributes, foreignObject and references to other files is
 * published without any of them, and still draws what it drew.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildImages } from '../../pipeline/images/build-images';
import { cleanSvg } from '../../pipeline/images/clean-svg';
import type * as SanitiseSvg from '../../pipeline/images/sanitise-svg';
import { sanitiseSvg } from '../../pipeline/images/sanitise-svg';
import { at, loadBroken, messages } from './fixtures';

/** How many drawings the sanitiser (and so jsdom) cleaned. */
const sanitised = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../pipeline/images/sanitise-svg', async (importOriginal) => {
  const actual = await importOriginal<typeof SanitiseSvg>();
  return {
    sanitiseSvg: (text: string) => {
      sanitised.count += 1;
      return actual.sanitiseSvg(text);
    },
  };
});

const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [<!ENTITY name "Krisumi">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 360 120" width="360" height="120" onload="alert('onload')">
  <style>.mark { fill: #b8955a; }</style>
  <style>@import url(https://evil.example/track.css);</style>
  <script>alert('script')</script>
  <defs><linearGradient id="gold"><stop offset="0" stop-color="#b8955a"/></linearGradient></defs>
  <rect class="mark" x="150" y="86" width="60" height="2" fill="url(#gold)" onclick="alert('click')"/>
  <text x="180" y="70" style="fill: url(https://evil.example/paint)">Krisumi&#160;Corp</text>
  <a href="javascript:alert('link')"><text x="10" y="20">Home</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" onmouseover="alert('html')">x</div></foreignObject>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#logo"/>
  <use href="#gold"/>
  <set attributeName="onmouseover" to="alert('set')"/>
  <animate attributeName="href" to="javascript:alert('animate')"/>
</svg>
`;

/** Anything that runs, or loads another file, in an SVG. */
const DANGER = /<script|\son\w+=|foreignObject|javascript:|evil\.example|@import|<set|<animate/i;

describe('SVG sanitising', () => {
  it('removes scripts, event attributes, foreignObject and external references', () => {
    const clean = sanitiseSvg(HOSTILE) ?? '';
    expect(HOSTILE).toMatch(DANGER);
    expect(clean).not.toMatch(DANGER);
    expect(clean).toContain('<rect class="mark"');
    expect(clean).toContain('fill="url(#gold)"');
    expect(clean).toContain('<use href="#gold"');
    expect(clean).toContain('<style>.mark { fill: #b8955a; }</style>');
    expect(clean).toContain('Krisumi&#160;Corp');
  });

  it('finds no drawing in a file that only carries a script', () => {
    expect(sanitiseSvg('<script>alert(1)</script>')).toBeNull();
  });
});

describe('published SVG files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svg-'));
    await mkdir(join(dir, 'images/builders'), { recursive: true });
    await writeFile(join(dir, 'images/builders/krisumi.svg'), HOSTILE);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('hold no script when the sheet named an SVG carrying one', async () => {
    const result = await buildImages({
      imagesDir: join(dir, 'images'),
      sources: ['builders/krisumi.svg'],
      publicDir: join(dir, 'public'),
      cacheDir: join(dir, 'cache'),
    });
    expect(result.failures).toEqual([]);
    const asset = result.images['builders/krisumi.svg'];
    expect(asset).toMatchObject({ width: 360, height: 120, variants: [] });
    const published = await readFile(join(dir, 'public', ...(asset?.url ?? '').split('/')), 'utf8');
    expect(published).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(published).not.toMatch(DANGER);
  });

  it('are cleaned once: a build of the same drawing takes them from the cache, a changed one is cleaned again', async () => {
    const build = () =>
      buildImages({
        imagesDir: join(dir, 'images'),
        sources: ['builders/krisumi.svg'],
        publicDir: join(dir, 'again'),
        cacheDir: join(dir, 'cache'),
      });
    const first = await build();
    const before = sanitised.count;
    const second = await build();
    expect(sanitised.count).toBe(before);
    expect(second.images).toEqual(first.images);
    const bytes = Buffer.from(HOSTILE.replace('Krisumi', 'Krisumi Group'));
    const cleaned = await cleanSvg(bytes, join(dir, 'cache'));
    expect(sanitised.count).toBe(before + 1);
    expect(cleaned).toBe(sanitiseSvg(bytes.toString('utf8')));
    expect(await cleanSvg(bytes, join(dir, 'cache'))).toBe(cleaned);
    expect(sanitised.count).toBe(before + 2);
  });
});

describe('an SVG with nothing left to draw', () => {
  it('is refused at the cell that names it', async () => {
    const { problems, site } = await loadBroken('svg-script');
    expect(site).toBeNull();
    expect(problems.map(at)).toEqual(['builders.csv 2 B logo image-unreadable']);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "builders.csv 2B: The picture "builders/m3m.svg" is an SVG with nothing left to draw once scripts and other active content are removed, as they are from every SVG the site publishes. Export the logo again as a plain SVG, or save it as PNG.",
      ]
    `);
  });
});
