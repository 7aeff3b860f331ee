import { hydrated, test } from './fixtures';
import { chunks, PAGES } from './routes-data';

/*
 * Every page, opened once in the browser, hydrates without a console error, a page
 * error or a hydration warning (the shared fixture fails the test on any of them).
 * Pages are split over several tests so the two workers share them.
 */
chunks(PAGES, 8).forEach((group, index) => {
  test(`pages hydrate cleanly, group ${index + 1} (${group[0]?.path} …)`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const expected of group) {
      await page.goto(expected.url);
      await hydrated(page);
    }
  });
});

test('the not-found page hydrates cleanly', async ({ page, allowConsoleError }) => {
  // The browser reports the page's own 404 status; nothing else may fail.
  allowConsoleError(/404 \(Not Found\) http:\/\/[^ ]+\/no-such-page$/);
  await page.goto('/no-such-page');
  await hydrated(page);
});
