import { expect, holdTimers, hydrated, test } from './fixtures';
import { site } from './routes-data';
import { PATHS } from '../../src/data/links';

/** Spec 2.1's entries in its order, then the pages a phone could not reach otherwise. */
const ENTRIES = [
  'Residential Property',
  'Pre-Rented Property',
  'Under Construction',
  'About Us',
  'Achievements',
  'Contact Us',
  'New Development',
  'Compare Pre-Rented',
  'List With Us',
  'Book an Appointment',
];

test.describe('mobile menu', { tag: '@phone-only' }, () => {
  // The pop-up opens by itself after 3 s and would take focus mid-test: page timers stand still.
  test.beforeEach(async ({ page }) => {
    await holdTimers(page);
  });

  test('the icon opens a panel with its entries in order and the phone number; Close menu closes it', async ({
    page,
  }) => {
    await page.goto(PATHS.aboutUs);
    await hydrated(page);
    await expect(page.getByRole('link', { name: site.settings.brand_name }).first()).toBeVisible();
    const toggle = page.locator('summary[aria-label="Menu"]');
    await toggle.tap();
    const panel = page.getByRole('navigation', { name: 'Main' });
    await expect(panel.getByRole('link')).toHaveText(ENTRIES);
    for (const entry of ENTRIES) await expect(panel.getByRole('link', { name: entry })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: site.settings.phone })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('keyboard: focus moves in, stays in the panel, and Escape closes it back to the icon', async ({
    page,
  }) => {
    await page.goto(PATHS.contactUs);
    await hydrated(page);
    const toggle = page.locator('summary[aria-label="Menu"]');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('navigation', { name: 'Main' });
    await expect(panel.getByRole('link').first()).toBeFocused();
    for (let i = 0; i < ENTRIES.length + 4; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('details')));
      expect(inside, `focus after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('mobile menu without JavaScript', { tag: '@phone-only' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the icon still opens the panel and closes it again', async ({ page }) => {
    await page.goto(PATHS.privacyPolicy);
    const toggle = page.locator('summary[aria-label="Menu"]');
    await toggle.tap();
    const panel = page.getByRole('navigation', { name: 'Main' });
    for (const entry of ENTRIES) await expect(panel.getByRole('link', { name: entry })).toBeVisible();
    await toggle.tap();
    await expect(panel).toBeHidden();
  });
});
