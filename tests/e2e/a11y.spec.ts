import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, showEverything, TEMPLATES, visit } from './a11y-helpers';
import { expect, holdTimers, test } from './fixtures';
import { PATHS } from '../../src/data/links';

/*
 * axe-core on every route: each route template at phone and desktop width,
 * loaded and with its menus, pop-up and toggles opened. Every concrete page
 * (every tenant, project and locality page) as loaded is scanned in every-page.spec.ts.
 */

test.beforeEach(async ({ page }) => {
  // axe takes seconds on a long page of a busy 2-core machine.
  test.setTimeout(120_000);
  // The pop-up opens by itself after 3 s: `visit` lets it open and closes it, so no scan sees it arrive.
  await holdTimers(page);
  await showEverything(page);
});

/** Visible, enabled buttons of the page's own content that switch a view (aria-pressed="false"). */
function toggles(page: Page): Locator {
  return page.locator('main button[aria-pressed="false"]:visible');
}

test.describe('every route template', { tag: '@phone' }, () => {
  for (const template of TEMPLATES) {
    test(`${template.routeId} (${template.path}): loaded and with each toggle switched`, async ({ page }) => {
      await visit(page, template.url);
      await expectNoAxeViolations(page, 'as loaded');

      // Each switch shows another panel (Commercial/Residential, Pre-Rented/Under Construction); scan each.
      const count = Math.min(await toggles(page).count(), 4);
      for (let i = 0; i < count; i += 1) {
        const toggle = toggles(page).first();
        const name = (await toggle.textContent())?.trim() ?? `toggle ${i + 1}`;
        await toggle.click();
        await expect(
          page.locator('main button[aria-pressed="true"]', { hasText: name }).first(),
        ).toBeVisible();
        await expectNoAxeViolations(page, `after switching to ${name}`);
      }
    });
  }

  test('the not-found page', async ({ page, allowConsoleError }) => {
    allowConsoleError(/404 \(Not Found\) http:\/\/[^ ]+\/no-such-page$/);
    await visit(page, '/no-such-page');
    await expectNoAxeViolations(page, 'as loaded');
  });
});

test.describe('menus, pop-up and table', { tag: '@phone' }, () => {
  test('with every header menu opened', async ({ page }) => {
    await visit(page, '/');
    // Desktop: All Property, then its Commercial submenu; phone: the menu panel. Each is a <summary>.
    const closed = page.locator('header details:not([open]) > summary:visible');
    for (let opened = 0; (await closed.count()) > 0 && opened < 5; opened += 1) await closed.first().click();
    await expect(page.locator('header details[open]').first()).toBeVisible();
    await expectNoAxeViolations(page, 'header menus open');
  });

  test('with the enquiry pop-up open', async ({ page }) => {
    await visit(page, PATHS.aboutUs);
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'pop-up open');
  });

  test('the pre-rented table sorted by a column', async ({ page }) => {
    await visit(page, PATHS.preRentedTable);
    const sortButton = page.locator('thead button').nth(1);
    await sortButton.click();
    await expect(page.locator('th[aria-sort]')).toHaveCount(1);
    await expectNoAxeViolations(page, 'sorted');
  });
});

test('the scan itself fails on what it must catch, in the page and in a frame of the site', async ({
  page,
}) => {
  await visit(page, PATHS.aboutUs);
  await page.evaluate(() => {
    const main = document.querySelector('main');
    const picture = main?.querySelector('img');
    if (!main || !picture) throw new Error('The page has no picture in its <main> to break.');
    picture.removeAttribute('alt');
    const faint = document.createElement('p');
    faint.textContent = 'Text too faint to read';
    faint.style.cssText = 'color: #bbb; background: #fff';
    main.append(faint);
    // A frame of the page's own origin is scanned inside, as the site's own content.
    const frame = document.createElement('iframe');
    frame.title = 'A frame of the site';
    frame.srcdoc = '<!doctype html><html lang="en"><title>Frame</title><input></html>';
    main.append(frame);
  });
  await page.frameLocator('iframe[title="A frame of the site"]').locator('input').waitFor();
  const scan = expectNoAxeViolations(page, 'broken on purpose');
  await expect(scan).rejects.toThrow(/image-alt \(critical\)/);
  await expect(scan).rejects.toThrow(/color-contrast \(serious\)[^"]*#main > p/);
  await expect(scan).rejects.toThrow(/label \(critical\)[^"]*iframe input/);
});
