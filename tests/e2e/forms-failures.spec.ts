import { FAILURE_TEXT, SAVED_OFFLINE, SAVED_RETRY, WAITING_TEXT } from '../../src/forms/messages';
import { SEND_TIMEOUT_MS } from '../../src/forms/send-failure';
import { expect, test } from './fixtures';
import {
  accept,
  expectValues,
  fillForm,
  formCase,
  formsCodeArrived,
  interceptSends,
  openForm,
  silence,
} from './forms-helpers';

for (const id of ['project lead', 'contact']) {
  const form = formCase(id);

  test.describe(`${id} form`, () => {
    test('a dropped connection is shown, saved on the phone, and nothing typed is lost', async ({
      page,
      allowConsoleError,
    }) => {
      allowConsoleError(/ERR_FAILED|ERR_CONNECTION/);
      await interceptSends(page, form, (route) => route.abort('connectionreset'));
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      await locator.locator('button[type="submit"]').click();
      await expect(locator.getByRole('alert')).toContainText(FAILURE_TEXT.network);
      await expect(locator.getByRole('alert')).toContainText(SAVED_OFFLINE);
      await expect(locator.getByRole('alert').getByRole('button', { name: 'Send now' })).toBeVisible();
      await expectValues(locator, form.typed, 'after the failure');
    });

    test('being offline is named as such', async ({ page, context, allowConsoleError }) => {
      allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      await formsCodeArrived(page);
      await context.setOffline(true);
      await locator.locator('button[type="submit"]').click();
      await expect(locator.getByRole('alert')).toContainText(FAILURE_TEXT.offline);
      await expect(locator.getByRole('alert')).toContainText(SAVED_OFFLINE);
      await expectValues(locator, form.typed, 'after the failure');
    });

    test('no answer within 15 seconds is said, with the alternatives', async ({ page }) => {
      const requests = await interceptSends(page, form, silence);
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      const submit = locator.locator('button[type="submit"]');
      await submit.click();
      await expect(submit).toHaveText('Sending…');
      await expect(submit).toBeDisabled();
      await expect.poll(() => requests.length).toBe(1);

      await page.clock.runFor(SEND_TIMEOUT_MS - 1000);
      await expect(locator.getByRole('alert')).toBeEmpty();
      await page.clock.runFor(1000);
      const alert = locator.getByRole('alert');
      await expect(alert).toContainText(FAILURE_TEXT.timeout);
      // A lead is sent again under the same key; an email, which EmailJS would keep twice, is not.
      if (form.service === 'lead') await expect(alert).toContainText(SAVED_RETRY);
      else {
        await expect(alert).toContainText(WAITING_TEXT);
        await expect(alert.getByRole('button')).toHaveCount(0);
      }
      await expect(alert.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
      await expect(alert.getByRole('link', { name: /^Call / })).toBeVisible();
      await expect(submit).toBeEnabled();
      await expectValues(locator, form.typed, 'after the failure');
    });

    test('a second click, Enter or submit while sending sends nothing more', async ({ page }) => {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const requests = await interceptSends(page, form, async (route, count) => {
        await answered;
        await accept(route, count);
      });
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      // Two submits in one task, before React can re-render the button as disabled.
      await locator.evaluate((element) => {
        const formElement = element as HTMLFormElement;
        formElement.requestSubmit();
        formElement.requestSubmit();
      });
      const submit = locator.locator('button[type="submit"]');
      await expect(submit).toBeDisabled();
      await submit.dispatchEvent('click');
      await locator.getByLabel(Object.keys(form.typed)[0] as string, { exact: true }).press('Enter');
      await locator.evaluate((element) => (element as HTMLFormElement).requestSubmit());
      await expect.poll(() => requests.length).toBe(1);
      answer();
      await expect(locator.getByRole('status')).toHaveText(form.thanks);
      expect(requests).toHaveLength(1);
    });

    test('a filled honeypot is thanked and nothing is sent', async ({ page }) => {
      const requests = await interceptSends(page, form);
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      const trap = locator.locator('[aria-hidden="true"] input');
      await expect(trap).toHaveAttribute('tabindex', '-1');
      await expect(trap).toHaveAttribute('autocomplete', 'off');
      await expect(trap).not.toHaveAttribute('name');
      await trap.fill('https://spam.example', { force: true });
      await locator.locator('button[type="submit"]').click();
      await expect(locator.getByRole('status')).toHaveText(form.thanks);
      await page.waitForTimeout(500);
      expect(requests).toHaveLength(0);
    });
  });
}

test('EmailJS refusing with 429 (its rate limit) is explained, and the message saved', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 429/);
  const form = formCase('join');
  await interceptSends(page, form, (route) => route.fulfill({ status: 429, body: 'Too Many Requests' }));
  const locator = await openForm(page, form);
  await fillForm(locator, form.typed);
  await locator.locator('button[type="submit"]').click();
  await expect(locator.getByRole('alert')).toContainText(FAILURE_TEXT['rate-limit']);
  await expect(locator.getByRole('alert')).toContainText(SAVED_RETRY);
  await expectValues(locator, form.typed, 'after the failure');
});

test('our own EmailJS rate limit stops a second message within 10 seconds, then lets it through', async ({
  page,
}) => {
  const form = formCase('list');
  const requests = await interceptSends(page, form);
  const locator = await openForm(page, form);
  await fillForm(locator, form.typed);
  await locator.locator('button[type="submit"]').click();
  await expect(locator.getByRole('status')).toHaveText(form.thanks);

  await fillForm(locator, form.typed);
  await locator.locator('button[type="submit"]').click();
  await expect(locator.getByRole('alert')).toContainText(FAILURE_TEXT['too-soon']);
  expect(requests).toHaveLength(1);

  await page.clock.runFor(10_000);
  // Time moving on has opened the enquiry pop-up over the page.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await locator.getByRole('button', { name: 'Try again' }).click();
  await expect(locator.getByRole('status')).toHaveText(form.thanks);
  expect(requests).toHaveLength(2);
});
