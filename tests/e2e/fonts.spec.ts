import type { CDPSession, Page } from '@playwright/test';
import { charactersOf, FACES, LATIN, RUPEE } from '../../pipeline/fonts';
import { expect, hydrated, test } from './fixtures';
import { TEMPLATES } from './a11y-helpers';

/*
 * The fonts are cut down at build time (pipeline/vite-plugin-fonts.ts). These tests read from
 * the browser which font drew each element's text: whatever the sheets say, a Latin character
 * or the rupee sign must never fall back to a system font; only characters beyond them may.
 */

/** Every character some face of the site draws. */
const DRAWN = new Set(FACES.flatMap((face) => [...charactersOf(face.range)]));
const FAMILIES = new Set(FACES.map((face) => face.family));
const PRELOADED = FACES.filter((face) => face.range === LATIN);

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

async function open(page: Page, url: string): Promise<CDPSession> {
  await page.goto(url);
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

test('every page draws its Latin text and its rupee signs in the site’s own faces', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const families = new Set<string>();
  for (const template of TEMPLATES) {
    const drawn = await fontsOfPage(await open(page, template.url));
    for (const { text, custom, fallbackGlyphs } of drawn) {
      for (const family of custom) families.add(family);
      const outside = [...text].filter((character) => !DRAWN.has(character)).length;
      if (fallbackGlyphs > outside)
        problems.push(`${template.path}: ${fallbackGlyphs} glyphs of "${text}" fell back to a system font`);
    }
  }
  expect(problems).toEqual([]);
  // The fonts' own names ("Inter", not the CSS family "Inter Variable"): one per family, each in use.
  expect([...families], 'the site’s families that drew text').toHaveLength(FAMILIES.size);
});

test('the two Latin faces are preloaded and the only font files fetched; the rupee faces need none', async ({
  page,
}) => {
  await open(page, '/');
  const preloaded = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(preloaded).toHaveLength(PRELOADED.length);
  // The home page shows prices: both Latin faces and a rupee face are in use.
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.unicodeRange),
  );
  expect(loaded.filter((range) => range !== RUPEE)).toHaveLength(PRELOADED.length);
  expect(loaded).toContain(RUPEE);
  const requested = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.woff2')),
  );
  expect(requested.sort()).toEqual(preloaded.sort());
});
