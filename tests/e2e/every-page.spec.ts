/**
 * Every page of the site, opened once in the browser and read three ways: it hydrates without a
 * console error, a page error or a hydration warning (the shared fixture fails the test on any of
 * them); the city is spelled Gurugram, "Gurgaon" only in the brand name; and axe-core finds no
 * violation as it is loaded, at desktop width. One visit per page, not one per check: the site has
 * over 150 pages, and CI two cores. The pages are split over several tests so the two workers
 * share them.
 */
import { expectNoAxeViolations, showEverything, visit } from './a11y-helpers';
import { oldSpellings } from './copy-helpers';
import { expect, holdTimers, test } from './fixtures';
import { chunks, PAGES } from './routes-data';

chunks(PAGES, 10).forEach((group, index) => {
  test(`every page hydrates cleanly, spells Gurugram and passes axe, group ${index + 1} (${group[0]?.path} …)`, async ({
    page,
  }) => {
    // axe takes seconds on a long page of a busy 2-core machine.
    test.setTimeout(300_000);
    // The pop-up opens by itself after 3 s: `visit` lets it open and closes it, so no scan sees it arrive.
    await holdTimers(page);
    await showEverything(page);
    for (const expected of group) {
      await visit(page, expected.url);
      expect(await oldSpellings(page), expected.path).toEqual([]);
      await expectNoAxeViolations(page, 'as loaded');
    }
  });
});
