import { POPUP_DELAY_MS } from '../../src/app/constants';
import { POPUP_CLOSE_DELAY_MS } from '../../src/components/forms/LeadPopupForm';
import { FAILURE_TEXT, LEAD_THANKS } from '../../src/forms/messages';
import { expect, hydrated, test } from './fixtures';
import { expectValues, fillForm, formCase, interceptSends, NOW, silence } from './forms-helpers';
import { PATHS } from '../../src/data/links';

const popup = formCase('pop-up');

test.describe('the enquiry pop-up', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }) => {
    // Time stands still from before the page loads: the pop-up's 3 s count only as the test moves the clock.
    await page.clock.install({ time: NOW.getTime() - 60_000 });
    await page.clock.pauseAt(NOW);
    await page.goto(PATHS.contactUs);
    await hydrated(page);
  });

  test('is hidden at 1.5 s, opens by 5 s, and closes once its lead is sent', async ({ page }) => {
    const requests = await interceptSends(page, popup);
    const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
    await page.clock.runFor(1500);
    await expect(dialog).toBeHidden();
    await page.clock.runFor(5000 - 1500);
    await expect(dialog).toBeVisible();

    const form = dialog.locator('form');
    await fillForm(form, popup.typed);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText(LEAD_THANKS);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(POPUP_CLOSE_DELAY_MS);
    await expect(dialog).toBeHidden();
    expect(requests).toHaveLength(1);

    // Opened again, it is a fresh form.
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(dialog).toBeVisible();
    await expect(form.getByRole('status')).toBeEmpty();
    await expectValues(form, { Name: '', Email: '', Phone: '' }, 'when opened again');
  });

  test('never opens by itself again on this device once its lead is sent, even in a new visit', async ({
    page,
  }) => {
    await interceptSends(page, popup);
    const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
    await page.clock.runFor(POPUP_DELAY_MS);
    await expect(dialog).toBeVisible();
    const form = dialog.locator('form');
    await fillForm(form, popup.typed);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText(LEAD_THANKS);
    await page.clock.runFor(POPUP_CLOSE_DELAY_MS);
    await expect(dialog).toBeHidden();

    // A new visit: the tab's session forgotten, the device's memory kept.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(PATHS.aboutUs);
    await hydrated(page);
    await page.clock.runFor(POPUP_DELAY_MS * 3);
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(dialog).toBeVisible();
  });

  test('stays open with everything typed when sending fails', async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 503/);
    await interceptSends(page, popup, (route) => route.fulfill({ status: 503, body: 'Unavailable' }));
    await page.clock.runFor(POPUP_DELAY_MS);
    const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
    await expect(dialog).toBeVisible();
    const form = dialog.locator('form');
    await fillForm(form, popup.typed);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toContainText(FAILURE_TEXT.server);
    await page.clock.runFor(POPUP_CLOSE_DELAY_MS * 4);
    await expect(dialog).toBeVisible();
    await expectValues(form, popup.typed, 'after the failure');
    await expect(form.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
  });

  test('Cancel and Escape close it without sending anything', async ({ page }) => {
    const requests = await interceptSends(page, popup, silence);
    const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
    await page.clock.runFor(POPUP_DELAY_MS);
    await expect(dialog).toBeVisible();
    await fillForm(dialog.locator('form'), { Name: 'Asha' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(requests).toHaveLength(0);
  });
});
