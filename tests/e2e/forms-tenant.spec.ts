/**
 * A pre-rented property's enquiry leaves a record (issue 26): each tenant page ends with a form
 * whose lead names the property as its project, as a project page's names the project. Each
 * property's ENQUIRE NOW opens WhatsApp with the pre-rented enquiry text (spec 2.11), and its
 * Request a call back leads to the form. What the lead service stored is counted, never what the
 * page says.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { chatLink, localityTenantPath, preRentedEnquiryText, tenantPath } from '../../src/data/links';
import { preRentedName } from '../../src/data/pre-rented';
import { LEAD_THANKS } from '../../src/forms/messages';
import { expect, holdTimers, hydrated, test } from './fixtures';
import { fillForm } from './forms-helpers';
import { must, site } from './listings-helpers';
import { storedContaining } from './stored';

const recordsOf = (tenant: string) => site.preRented.filter((record) => record.tenant === tenant);
const tenantWith = (many: boolean) =>
  must(
    site.tenants.find((tenant) => recordsOf(tenant).length > 1 === many),
    many ? 'a tenant with several records' : 'a tenant with one record',
  );

/** Opens a tenant page with its timers held, so the enquiry pop-up does not open over it. */
async function openTenantPage(page: Page, path: string): Promise<void> {
  await holdTimers(page);
  await page.goto(path);
  await hydrated(page);
}

/**
 * Sends the form as an investor whose name carries a fresh token, from an office landline (an
 * enquiry issue 34 saw refused); returns the one lead stored for it.
 */
async function sendAsInvestor(form: Locator) {
  const token = randomUUID().slice(0, 8);
  await fillForm(form, {
    'Full Name': `Investor ${token}`,
    Email: 'investor@example.com',
    Phone: '011 4567 8901',
    'Your requirement': 'Budget 4 Cr, yield above 6%',
  });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText(LEAD_THANKS);
  await expect.poll(async () => (await storedContaining(token)).length).toBe(1);
  return must((await storedContaining(token))[0], 'the stored lead');
}

test('a tenant page’s form stores one lead naming its property, with WhatsApp beside it @phone', async ({
  page,
}) => {
  const record = must(recordsOf(tenantWith(false))[0], 'the record');
  await openTenantPage(page, tenantPath(record.tenant));
  const section = page.getByRole('region', { name: `Enquire about ${preRentedName(record)}` });
  const chat = section.getByRole('link', { name: /on WhatsApp/ });
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  expect(decodeURIComponent((await chat.getAttribute('href')) ?? '')).toContain(record.building);

  const form = section.getByRole('form', { name: `Enquire about ${preRentedName(record)}` });
  // The example under the requirement speaks to an investor, not to a home buyer.
  await expect(form.getByText(/the yield you look for/)).toBeVisible();
  const stored = await sendAsInvestor(form);
  expect(stored.kind).toBe('lead');
  expect(stored.fields.project).toBe(preRentedName(record));
  expect(stored.fields.remark).toBe('Budget 4 Cr, yield above 6%');
  expect(stored.fields.phone).toBe('011 4567 8901');
  expect(stored.page).toBe(page.url());
});

test('a card’s ENQUIRE NOW opens WhatsApp with the pre-rented enquiry text; Request a call back leads to the form, now about that property, whose lead names it @phone', async ({
  page,
}) => {
  const tenant = tenantWith(true);
  const records = recordsOf(tenant);
  await openTenantPage(page, tenantPath(tenant));
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(records.length);
  // Until a card names one, the form asks about the tenant's properties as a whole.
  await expect(page.getByRole('form', { name: `Enquire about ${tenant}`, exact: true })).toBeVisible();
  for (const [index, card] of (await cards.all()).entries()) {
    const record = must(records[index], `record ${index}`);
    const enquire = card.getByRole('link', { name: /^ENQUIRE NOW/ });
    await expect(enquire).toHaveAttribute(
      'href',
      chatLink(site.settings.chat_number, preRentedEnquiryText(site.settings.chat_greeting, record)),
    );
    await expect(enquire).toHaveAttribute('target', '_blank');
  }

  const record = must(records[1], 'a second record');
  await cards
    .nth(1)
    .getByRole('link', { name: /^Request a call back/ })
    .click();
  expect(new URL(page.url()).hash).toBe('#enquire');
  const form = page.getByRole('form', { name: `Enquire about ${preRentedName(record)}` });
  await expect(form).toBeInViewport();
  const stored = await sendAsInvestor(form);
  expect(stored.fields.project).toBe(preRentedName(record));
});

test('a locality’s tenant page has the form too, its lead naming the property', async ({ page }) => {
  const locality = must(
    site.localities.find(
      (l) =>
        l.tenant_pages &&
        site.tenants.some((t) => recordsOf(t).filter((r) => r.localityRoute === l.route).length === 1),
    ),
    'a locality with a tenant page of one property',
  );
  const record = must(
    site.preRented.find(
      (r) =>
        r.localityRoute === locality.route &&
        recordsOf(r.tenant).filter((other) => other.localityRoute === locality.route).length === 1,
    ),
    'its record',
  );
  await openTenantPage(page, localityTenantPath(locality.route, record.tenant));
  const stored = await sendAsInvestor(
    page.getByRole('form', { name: `Enquire about ${preRentedName(record)}` }),
  );
  expect(stored.fields.project).toBe(preRentedName(record));
});
