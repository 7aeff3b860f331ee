import type { CDPSession, Page } from '@playwright/test';
import { FETCHED_FONTS_KEY } from '../../src/app/boot';
import { charactersOf, FACES, LATIN } from '../../src/app/fonts';
import { expect, hydrated, test } from './fixtures';
import { TEMPLATES } from './a11y-helpers';

/*
 * The fonts are cut down at build time (pipeline/vite-plugin-fonts.ts). These tests read from
 * the browser which font drew each element's text: whatever the sheets say, a Latin character
 * must never fall back to a system font, and only the rupee sign and its like may.
 *
 * A visitor's first page paints in the fallback faces and fetches the web fonts once its lead
 * picture is in; every later page draws with them from its first paint (src/app/boot.ts).
 */

const LATIN_CHARACTERS = new Set(charactersOf(LATIN));

interface Drawn {
  text: string;
  custom: string[];
  /** Glyphs drawn by faces that are not the site's own. */
  fallbackGlyphs: number;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeValue: string;
  children?: DomNode[];
}

/** For each element with text of its own: the site's faces that drew it, and how many glyphs fell back. */
async function fontsOfPage(cdp: CDPSession): Promise<Drawn[]> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as { root: DomNode };
  const elements: { nodeId: number; text: string }[] = [];
  // Chromium counts the glyphs of inline descendants with the element's own: compare with all its text.
  const walk = (node: DomNode): string => {
    const text = (node.children ?? [])
      .map((child) => (child.nodeType === TEXT_NODE ? child.nodeValue : walk(child)))
      .join('');
    const hasOwnText = node.children?.some(
      (child) => child.nodeType === TEXT_NODE && child.nodeValue.trim() !== '',
    );
    if (node.nodeType === ELEMENT_NODE && hasOwnText)
      elements.push({ nodeId: node.nodeId, text: text.trim() });
    return text;
  };
  walk(root);
  // Fonts of each element's own text nodes; none where it is not rendered (a closed menu, a script).
  const fonts = await Promise.all(
    elements.map(({ nodeId }) => cdp.send('CSS.getPlatformFontsForNode', { nodeId })),
  );
  return elements.flatMap(({ text }, index) => {
    const used = fonts[index]?.fonts ?? [];
    if (used.length === 0) return [];
    return {
      text: text.slice(0, 80),
      custom: used.filter((font) => font.isCustomFont).map((font) => font.familyName),
      fallbackGlyphs: used
        .filter((font) => !font.isCustomFont)
        .reduce((sum, font) => sum + font.glyphCount, 0),
    };
  });
}

/** Resolves once the page has fetched the web fonts and noted it for the next pages. */
async function fontsFetched(page: Page): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, FETCHED_FONTS_KEY);
}

/** The site's web faces the page draws with (a family name may read back quoted). */
function webFacesOf(page: Page): Promise<string[]> {
  const families = FACES.map((face) => face.family);
  return page.evaluate(
    (families) =>
      [...document.fonts]
        .filter((face) => face.status === 'loaded' && families.includes(face.family.replace(/^"|"$/g, '')))
        .map((face) => `${face.family.replace(/^"|"$/g, '')} ${face.weight}`)
        .sort(),
    families,
  );
}

async function open(page: Page, url: string): Promise<CDPSession> {
  await page.goto(url);
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

test('every page draws its Latin text in the site’s own faces; only other characters fall back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const families = new Set<string>();
  await open(page, '/');
  await fontsFetched(page);
  for (const template of TEMPLATES) {
    const drawn = await fontsOfPage(await open(page, template.url));
    for (const { text, custom, fallbackGlyphs } of drawn) {
      for (const family of custom) families.add(family);
      const outside = [...text].filter((character) => !LATIN_CHARACTERS.has(character)).length;
      if (fallbackGlyphs > outside)
        problems.push(`${template.path}: ${fallbackGlyphs} glyphs of "${text}" fell back to a system font`);
    }
  }
  expect(problems).toEqual([]);
  // The fonts' own names ("Inter", not the CSS family "Inter Variable"): one per face, each in use.
  expect([...families], 'the site’s faces that drew text').toHaveLength(FACES.length);
});

test('a first page paints in the fallback faces, fetches each web face once after painting and keeps the fallbacks; the next draws in all', async ({
  page,
}) => {
  await open(page, '/');
  await fontsFetched(page);
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  // Adding a face would lay out the whole page again, just as it becomes usable.
  expect(await webFacesOf(page)).toEqual([]);
  const requested = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith('.woff2')),
  );
  expect(requested).toHaveLength(FACES.length);
  for (const face of FACES) {
    const stem = face.file.replace(/\.woff2$/, '');
    expect(
      requested.filter((path) => path.startsWith(`/assets/${stem}-`)),
      face.file,
    ).toHaveLength(1);
  }

  await open(page, '/ourProperty');
  expect(await webFacesOf(page)).toEqual(FACES.map((face) => `${face.family} ${face.weight}`).sort());
});
