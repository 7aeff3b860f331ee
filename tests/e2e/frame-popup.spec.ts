import { POPUP_DELAY_MS } from '../../src/app/constants';
import { expect, holdTimers, hydrated, test } from './fixtures';
import { PATHS } from '../../src/data/links';

test.describe('enquiry pop-up', { tag: '@phone' }, () => {
  test('opens by itself after three seconds, not before', async ({ page }) => {
    await page.goto(PATHS.achievements);
    const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
    await page.waitForTimeout(POPUP_DELAY_MS / 2);
    await expect(dialog).toBeHidden();
    await expect(dialog).toBeVisible({ timeout: 5000 - POPUP_DELAY_MS / 2 });
    await expect(dialog.getByText('TO GET BEST PRICE ON PROPERTY')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  test('Cancel and Escape close it; Enquire Now opens it again and focus returns to the button', async ({
    page,
  }) => {
    await holdTimers(page);
    await page.goto(PATHS.aboutUs);
    await hydrated(page);
    const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
    await page.clock.runFor(POPUP_DELAY_MS + 100);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    const enquire = page.getByRole('button', { name: 'Enquire Now' });
    await enquire.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(enquire).toBeFocused();

    await enquire.click();
    await expect(dialog).toBeVisible();
    await page.clock.runFor(POPUP_DELAY_MS * 3);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('does not interrupt a visitor who is typing in another form', async ({ page }) => {
    await holdTimers(page);
    await page.goto(PATHS.contactUs);
    await hydrated(page);
    await page.locator('main').getByRole('textbox').first().fill('Asha');
    await page.clock.runFor(POPUP_DELAY_MS + 1000);
    await expect(page.getByRole('dialog', { name: 'Share your Contact Details' })).toBeHidden();
  });

  test('/testcode has its own button that opens the pop-up, and is kept out of search results', async ({
    page,
  }) => {
    await holdTimers(page);
    await page.goto(PATHS.testCode);
    await hydrated(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('button', { name: 'Open the enquiry pop-up' }).click();
    await expect(page.getByRole('dialog', { name: 'Share your Contact Details' })).toBeVisible();
  });
});

test(
  'Enquire Now sits fixed at the bottom right beside its bouncing hand',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(PATHS.contactUs);
    const button = page.getByRole('button', { name: 'Enquire Now' });
    const viewport = page.viewportSize();
    const box = await button.boundingBox();
    if (!box || !viewport) throw new Error('Enquire Now is not laid out.');
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
    const handAnimation = () =>
      button.evaluate((el) => getComputedStyle(el.previousElementSibling as Element).animationName);
    expect(await handAnimation()).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(button).toBeInViewport();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await handAnimation()).toBe('none');
  },
);
