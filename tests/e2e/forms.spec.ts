import type { Request } from '@playwright/test';
import { chatLink, telLink } from '../../src/data/links';
import { FAILURE_TEXT, SAVED_RETRY } from '../../src/forms/messages';
import { expect, test } from './fixtures';
import {
  accept,
  expectValues,
  fillForm,
  FORMS,
  interceptSends,
  openForm,
  sentBody,
  submissionId,
  UUID,
} from './forms-helpers';
import { site } from './routes-data';

const EMAILJS_IDS = { lib_version: '4.4.1', service_id: 'local-service', user_id: 'local-public-key' };

for (const form of FORMS) {
  test.describe(`${form.id} form`, () => {
    test('sends exactly its fields, then thanks the visitor and empties the form', async ({ page }) => {
      const requests = await interceptSends(page, form);
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      await locator.locator('button[type="submit"]').click();

      await expect(locator.getByRole('status')).toHaveText(form.thanks);
      expect(requests).toHaveLength(1);
      const [request] = requests as [Request];
      expect(request.method()).toBe('POST');
      if (form.service === 'lead') {
        expect(request.headers()['content-type']).toBe('application/json');
        expect(request.headers()['idempotency-key']).toMatch(UUID);
        expect(request.headers()['lead-page']).toBe(page.url());
        expect(await sentBody(form, request)).toStrictEqual(form.body);
      } else {
        expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);
        expect(await sentBody(form, request)).toStrictEqual({
          ...form.body,
          ...EMAILJS_IDS,
          template_id: form.template,
          submission_id: expect.stringMatching(UUID),
        });
      }
      const emptied = Object.fromEntries(
        Object.keys(form.typed).map((label) => [label, form.afterReset?.[label] ?? '']),
      );
      await expectValues(locator, emptied, 'after sending');
    });

    test('a server error keeps every value, saves it, and offers to send now, WhatsApp and the phone', async ({
      page,
      allowConsoleError,
    }) => {
      allowConsoleError(/status of 500/);
      const requests = await interceptSends(page, form, (route, count) =>
        count === 1 ? route.fulfill({ status: 500, body: 'Internal error' }) : accept(route, count),
      );
      const locator = await openForm(page, form);
      await fillForm(locator, form.typed);
      await locator.locator('button[type="submit"]').click();

      const alert = locator.getByRole('alert');
      await expect(alert).toContainText(FAILURE_TEXT.server);
      await expect(alert).toContainText(SAVED_RETRY);
      await expect(locator.getByRole('status')).toBeEmpty();
      await expectValues(locator, form.typed, 'after the failure');

      const whatsapp = alert.getByRole('link', { name: /WhatsApp/ });
      const href = (await whatsapp.getAttribute('href')) ?? '';
      expect(href.startsWith(chatLink(site.settings.chat_number, ''))).toBe(true);
      const message = new URL(href).searchParams.get('text') ?? '';
      for (const value of Object.values(form.typed)) expect(message).toContain(value);
      await expect(alert.getByRole('link', { name: `Call ${site.settings.phone}` })).toHaveAttribute(
        'href',
        telLink(site.settings.phone),
      );

      await alert.getByRole('button', { name: 'Send now' }).click();
      await expect(locator.getByRole('status')).toHaveText(form.thanks);
      await expect(alert).toBeEmpty();
      expect(requests).toHaveLength(2);
      // The same submission, under the same id: the service keeps one.
      expect(await sentBody(form, requests[1] as Request)).toStrictEqual(
        await sentBody(form, requests[0] as Request),
      );
      expect(await submissionId(form, requests[1] as Request)).toBe(
        await submissionId(form, requests[0] as Request),
      );
    });
  });
}
