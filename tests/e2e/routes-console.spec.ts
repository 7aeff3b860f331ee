import { expect, hydrated, test } from './fixtures';
import { PAGES } from './routes-data';

/*
 * The not-found page hydrates without a console error, a page error or a hydration warning (the
 * shared fixture fails the test on any of them); every other page is opened in every-page.spec.ts.
 */
test('the not-found page hydrates cleanly', async ({ page, allowConsoleError }) => {
  // The browser reports the page's own 404 status; nothing else may fail.
  allowConsoleError(/404 \(Not Found\) http:\/\/[^ ]+\/no-such-page$/);
  await page.goto('/no-such-page');
  await hydrated(page);
});

/** The folders the site's pages sit in (/preRentedList, /location, …), each under a rule of its own in _headers. */
const FOLDERS = [
  ...new Set(
    PAGES.flatMap(({ url }) => {
      const [first, second] = url.split('/').filter(Boolean);
      return second === undefined ? [] : [`/${first}`];
    }),
  ),
];

test('the not-found page paints with its own styles in every folder, under the folder’s content policy', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/404 \(Not Found\) http:\/\/[^ ]+\/no-such-page$/);
  expect(FOLDERS).toEqual(expect.arrayContaining(['/preRentedList', '/location', '/feature']));
  for (const url of ['/no-such-page', ...FOLDERS.map((folder) => `${folder}/no-such-page`)]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    // A policy that refused the page's inline styles would leave the browser's own serif (and
    // report the refusal, which fails the test).
    await expect(page.getByRole('heading', { level: 1 }), url).toHaveCSS(
      'font-family',
      /^"Cormorant Garamond"/,
    );
    await hydrated(page);
  }
});
