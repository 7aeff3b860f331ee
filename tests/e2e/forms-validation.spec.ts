import { PATHS, telLink } from '../../src/data/links';
import { expect, hydrated, test } from './fixtures';
import { field, fillForm, formCase, interceptSends, openForm, silence } from './forms-helpers';
import { site } from './routes-data';

test.describe('checking what the visitor typed', { tag: '@phone' }, () => {
  test('an empty form is refused field by field, announced, and focus goes to the first field', async ({
    page,
  }) => {
    const form = formCase('contact');
    const requests = await interceptSends(page, form, silence);
    const locator = await openForm(page, form);
    await locator.locator('button[type="submit"]').click();

    const labels = Object.keys(form.typed);
    await expect(locator.getByRole('alert')).toHaveText(`Please check 4 fields: ${labels.join(', ')}.`);
    for (const label of labels) {
      const input = field(locator, label);
      await expect(input, label).toHaveAttribute('aria-invalid', 'true');
      await expect(input, label).toHaveAccessibleDescription(/Please/);
    }
    await expect(field(locator, 'Name')).toBeFocused();
    await expect(field(locator, 'Name')).toHaveAccessibleDescription('Please enter your name.');
    expect(requests).toHaveLength(0);

    // Putting a field right takes its message away at once.
    await field(locator, 'Name').fill('Neha');
    await expect(field(locator, 'Name')).not.toHaveAttribute('aria-invalid');
    await expect(field(locator, 'Name')).toHaveAccessibleDescription('');
  });

  test('an email and a phone number must look like them; focus goes to the first wrong one', async ({
    page,
  }) => {
    const form = formCase('project contact');
    const requests = await interceptSends(page, form, silence);
    const locator = await openForm(page, form);
    await fillForm(locator, { ...form.typed, Email: 'ravi@example', Phone: '12345' });
    await locator.locator('button[type="submit"]').click();

    await expect(locator.getByRole('alert')).toHaveText('Please check 2 fields: Email, Phone.');
    await expect(field(locator, 'Email')).toBeFocused();
    await expect(field(locator, 'Email')).toHaveAccessibleDescription(/such as name@example\.com/);
    await expect(field(locator, 'Phone')).toHaveAccessibleDescription(
      /^For example .*10-digit mobile number/,
    );
    await expect(field(locator, 'First name')).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(0);
  });

  test('an appointment cannot be asked for a day already past', async ({ page }) => {
    const form = formCase('appointment');
    const locator = await openForm(page, form);
    await fillForm(locator, { ...form.typed, 'Preferred date': '2030-01-09' });
    await locator.locator('button[type="submit"]').click();
    await expect(field(locator, 'Preferred date')).toBeFocused();
    await expect(field(locator, 'Preferred date')).toHaveAccessibleDescription(
      'Please choose today or a later date.',
    );
  });

  test('every field keeps the browser’s own required, email and tel checks', async ({ page }) => {
    const locator = await openForm(page, formCase('contact'));
    await expect(locator).toHaveAttribute('novalidate', '');
    await expect(field(locator, 'Name')).toHaveAttribute('required', '');
    await expect(field(locator, 'Email')).toHaveAttribute('type', 'email');
    await expect(field(locator, 'Mobile')).toHaveAttribute('type', 'tel');
    await expect(field(locator, 'Message')).toHaveAttribute('required', '');
    await expect(locator.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      PATHS.privacyPolicy,
    );
    await expect(locator.locator('input[type="checkbox"]:checked')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form cannot silently go nowhere: it offers the phone and WhatsApp instead', async ({ page }) => {
    const response = await page.goto(PATHS.contactUs);
    const form = page.getByRole('form', { name: 'Contact us' });
    await expect(form.locator('button[type="submit"]')).toBeDisabled();
    await expect(form).not.toHaveAttribute('action');
    await expect(form.locator('input[required], textarea[required]')).toHaveCount(4);
    // Chromium under test still parses <noscript> as if scripts ran, so read the note from the HTML served.
    const html = (await response?.text()) ?? '';
    const note = /<form[^>]*aria-label="Contact us"[^>]*><noscript>(.*?)<\/noscript>/.exec(html)?.[1] ?? '';
    expect(note).toContain('This form needs JavaScript');
    expect(note).toContain(`href="${telLink(site.settings.phone)}"`);
    expect(note).toContain(`href="https://wa.me/${site.settings.chat_number}?text=`);
  });
});

test('with JavaScript the no-script note stays hidden and the button works', async ({ page }) => {
  await page.goto(PATHS.listWithUs);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'List your property' });
  await expect(form.getByText('This form needs JavaScript')).toBeHidden();
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
});
