/**
 * End to end with nothing intercepted: each form, filled in the browser,
 * reaches the local stand-in services of server/serve.ts, which append it to
 * the leads log the Playwright web server was started with.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { E2E_LEADS_LOG } from '../../playwright.config';
import { expect, test } from './fixtures';
import { fillForm, FORMS, openForm } from './forms-helpers';

const LOG = resolve(import.meta.dirname, '../..', E2E_LEADS_LOG);

interface LoggedRequest {
  receivedAt: string;
  service: 'lead' | 'emailjs';
  path: string;
  body: Record<string, string>;
}

async function loggedWith(token: string): Promise<LoggedRequest[]> {
  const text = await readFile(LOG, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.includes(token))
    .map((line) => JSON.parse(line) as LoggedRequest);
}

for (const form of FORMS) {
  test(`the ${form.id} form reaches the local ${form.service === 'lead' ? 'lead service' : 'EmailJS'} and its log`, async ({
    page,
  }) => {
    const token = randomUUID().slice(0, 8);
    const [nameLabel, name] = Object.entries(form.typed).find(([label]) => /name/i.test(label)) ?? [];
    if (nameLabel === undefined || name === undefined) throw new Error(`${form.id} has no name field.`);
    const marked = `${name} ${token}`;

    const locator = await openForm(page, form);
    await fillForm(locator, { ...form.typed, [nameLabel]: marked });
    await locator.locator('button[type="submit"]').click();
    await expect(locator.getByRole('status')).toHaveText(form.thanks);

    await expect.poll(() => loggedWith(token)).toHaveLength(1);
    const [logged] = (await loggedWith(token)) as [LoggedRequest];
    const expected = JSON.parse(JSON.stringify(form.body).replaceAll(name, marked)) as Record<string, string>;
    if (form.service === 'lead') {
      expect(logged).toMatchObject({ service: 'lead', path: '/addLead' });
      expect(logged.body).toStrictEqual(expected);
    } else {
      expect(logged).toMatchObject({ service: 'emailjs', path: '/api/v1.0/email/send-form' });
      expect(logged.body).toStrictEqual({
        ...expected,
        lib_version: '4.4.1',
        service_id: 'local-service',
        template_id: form.template,
        user_id: 'local-public-key',
      });
    }
  });
}
