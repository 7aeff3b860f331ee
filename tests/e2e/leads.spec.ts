/**
 * End to end with nothing intercepted: each form, filled in the browser,
 * reaches the lead service run by the Playwright web server (the lead API, or
 * its local stand-in for EmailJS), which stores it once in its database.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { fillForm, FORMS, openForm, UUID } from './forms-helpers';
import { storedContaining } from './stored';

for (const form of FORMS) {
  test(`the ${form.id} form is stored once by the ${form.service === 'lead' ? 'lead service' : 'local EmailJS stand-in'}`, async ({
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

    await expect.poll(async () => (await storedContaining(token)).length).toBe(1);
    const [stored] = await storedContaining(token);
    const expected = JSON.parse(JSON.stringify(form.body).replaceAll(name, marked)) as Record<string, string>;
    expect(stored?.kind).toBe(form.service === 'lead' ? 'lead' : 'message');
    expect(stored?.submissionId).toMatch(UUID);
    expect(stored?.page).toBe(new URL(form.path, page.url()).href);
    if (form.service === 'lead') {
      expect(stored?.fields).toStrictEqual(expected);
    } else {
      expect(stored?.form).toBe(form.template?.replace('local-template-', ''));
      expect(stored?.fields).toMatchObject(expected);
    }
  });
}
