import { hydrated, test } from './fixtures';

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
