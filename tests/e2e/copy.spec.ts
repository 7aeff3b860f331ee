/**
 * Copy and fine print (issue 16): one spelling of the city, RERA codes on one line, and award
 * cards with two different pictures. Every page's spelling is read in every-page.spec.ts.
 */
import { TEMPLATES } from './a11y-helpers';
import { expect, holdTimers, hydrated, test } from './fixtures';
import { oldSpellings } from './copy-helpers';
import { open } from './listings-helpers';
import { site } from './routes-data';
import { localityPath, PATHS } from '../../src/data/links';

test.describe('one spelling: Gurugram, and "Gurgaon" only in the brand name', () => {
  test(
    'one page of each template, and the not-found page, on a phone',
    { tag: '@phone-only' },
    async ({ page, allowConsoleError }) => {
      test.setTimeout(120_000);
      allowConsoleError(/404 \(Not Found\) http:\/\/[^ ]+\/no-such-page$/);
      await holdTimers(page);
      for (const url of [...TEMPLATES.map((t) => t.url), '/no-such-page']) {
        await page.goto(url);
        await hydrated(page);
        expect(await oldSpellings(page), url).toEqual([]);
      }
    },
  );

  test('the check finds the old spelling where it is', async ({ page }) => {
    await open(page, PATHS.aboutUs);
    await page.evaluate(() => document.querySelector('main p')?.append(' Offices in Gurgaon. '));
    expect(await oldSpellings(page)).toEqual([expect.stringContaining('Offices in Gurgaon.')]);
  });
});

/** Projects with a registration number, and the pages that show it: each project page and the listings. */
const CODES = site.projects.flatMap((p) => (p.rera === null ? [] : [p.rera]));
const RERA_PAGES = [
  PATHS.underConstruction,
  PATHS.residential,
  PATHS.newDevelopment,
  ...site.localities.map((l) => localityPath(l.route)),
  ...site.projects.filter((p) => p.rera !== null && CODES.includes(p.rera)).map((p) => p.path),
];

test('a RERA code is never broken over two lines, nor cut off by its card @phone', async ({ page }) => {
  test.setTimeout(90_000);
  expect(CODES.length, 'projects with a registration number in the sheet').toBeGreaterThan(0);
  let seen = 0;
  for (const path of RERA_PAGES) {
    await open(page, encodeURI(path));
    const found = await page.evaluate((codes) => {
      /** The code's own text, however the markup splits it (text nodes, <wbr>). */
      const codeRange = (element: Element, code: string) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const nodes: [Text, number][] = [];
        let text = '';
        while (walker.nextNode()) {
          const node = walker.currentNode as Text;
          nodes.push([node, text.length]);
          text += node.data;
        }
        const start = text.indexOf(code);
        const place = (offset: number): [Text, number] => {
          const [node, from] = nodes.find(([n, f]) => offset <= f + n.data.length) ?? nodes[0] ?? [];
          return [node as Text, offset - (from ?? 0)];
        };
        const range = document.createRange();
        range.setStart(...place(start));
        range.setEnd(...place(start + code.length));
        return range;
      };
      return [...document.querySelectorAll('main *')].flatMap((element) => {
        const code = codes.find((c) => element.textContent?.includes(c));
        // The innermost element holding the whole code, as shown.
        if (code === undefined || !element.checkVisibility()) return [];
        if ([...element.children].some((child) => child.textContent?.includes(code))) return [];
        const range = codeRange(element, code);
        // One line box: the code's text has one rectangle per line it occupies.
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const box = range.getBoundingClientRect();
        // Its card (or key facts band) clips what runs past it: the code must end inside it.
        const frame = element.closest('article, section')?.getBoundingClientRect();
        return [
          {
            code,
            lines,
            inside: frame === undefined || (box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5),
          },
        ];
      });
    }, CODES);
    for (const code of found)
      expect(code, `${path}: ${code.code}`).toEqual({ ...code, lines: 1, inside: true });
    seen += found.length;
  }
  expect(seen, 'RERA codes shown on the pages checked').toBeGreaterThanOrEqual(CODES.length * 2);
});

test('each award card shows two different pictures @phone', async ({ page }) => {
  await open(page, PATHS.achievements);
  const cards = page.locator('main li article');
  await expect(cards).toHaveCount(site.awards.length);
  for (const [i, award] of site.awards.entries()) {
    const pictures = await cards.nth(i).evaluate(async (card) => {
      const images = [...card.querySelectorAll('img')];
      return Promise.all(
        images.map(async (img) => {
          img.loading = 'eager';
          await img.decode();
          // The picture itself, not its file name: drawn small, its pixels tell one photo from another.
          const canvas = document.createElement('canvas');
          canvas.width = 24;
          canvas.height = 24;
          const context = canvas.getContext('2d');
          context?.drawImage(img, 0, 0, 24, 24);
          return {
            src: img.currentSrc,
            visible: img.checkVisibility() && img.getBoundingClientRect().width > 0,
            pixels: Array.from(context?.getImageData(0, 0, 24, 24).data ?? []).join(','),
          };
        }),
      );
    });
    expect(pictures, award.title).toHaveLength(2);
    const [first, second] = pictures;
    expect(first?.visible && second?.visible, `${award.title}: both shown`).toBe(true);
    expect(first?.src, `${award.title}: two files`).not.toBe(second?.src);
    expect(first?.pixels, `${award.title}: two different pictures`).not.toBe(second?.pixels);
  }
});
