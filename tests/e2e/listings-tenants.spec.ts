import type { PreRentedEntry } from '../../src/schema/site';
import { expect, test } from './fixtures';
import { must, open, rawHtml, site } from './listings-helpers';
import { unescapeHtml } from './routes-data';
import { formatMoney } from '../../src/data/format';
import { localityTenantPath, tenantPath } from '../../src/data/links';

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const plural = (n: number, unit: string) => `${grouped.format(n)} ${unit}${n === 1 ? '' : 's'}`;
const dash = '—';

/** Every field of a record as its card must show it. */
function expectedFields(r: PreRentedEntry): string[] {
  return [
    r.tenant,
    r.building,
    r.localityName ?? dash,
    formatMoney(r.rent, { perMonth: true }),
    // Every rupee of a rent that two decimals of a lakh would round (rents here stay under a crore).
    ...(r.rent >= 1e5 && r.rent % 1000 !== 0 ? [`${rupees.format(r.rent)} a month`] : []),
    `₹${grouped.format(r.rent_per_sqft)} per sq ft`,
    `${grouped.format(r.total_area)} sq.ft`,
    r.available_area.length === 0
      ? dash
      : `${r.available_area.map((a) => grouped.format(a)).join(' / ')} sq.ft`,
    r.security_deposit_months === null ? dash : plural(r.security_deposit_months, 'month'),
    r.lock_in_years === null ? dash : plural(r.lock_in_years, 'year'),
    r.escalation ?? dash,
    plural(r.lease_years, 'year'),
    ...(r.asking_price === null ? [] : [`Asking price ${formatMoney(r.asking_price, { exact: true })}`]),
    ...(r.grossYield === null
      ? []
      : [`Gross yield ${grouped.format(Math.round(r.grossYield * 10000) / 100)}%`]),
  ];
}

/** The text of each <article> of the page, tags and React's text separators removed. */
function cards(html: string): { text: string; html: string }[] {
  return [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map(([card]) => ({
    html: card,
    text: unescapeHtml(card.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' '),
  }));
}

function expectTenantPage(html: string, records: PreRentedEntry[]): void {
  const found = cards(html);
  expect(found).toHaveLength(records.length);
  records.forEach((record, index) => {
    const card = must(found[index], `card ${index}`);
    for (const field of expectedFields(record))
      expect(card.text, `${record.tenant} row ${record.row}`).toContain(field);
    const enquiry = unescapeHtml(/href="(https:\/\/wa\.me\/[^"]+)"/.exec(card.html)?.[1] ?? '');
    expect(enquiry.startsWith(`https://wa.me/${site.settings.chat_number}?text=`)).toBe(true);
    const text = decodeURIComponent(enquiry.slice(enquiry.indexOf('?text=') + 6));
    expect(text).toContain(record.tenant);
    expect(text).toContain(record.building);
    expect(card.text).toContain('ENQUIRE NOW');
  });
  expect(html.includes('PRE-RENTED PROPERTIES'), 'heading').toBe(true);
  expect(/We manage (<!-- -->)?\d+\+?(<!-- -->)? pre-rented properties/.test(html), 'intro').toBe(true);
  expect(html.includes('href="/preRentedTable"'), 'link to the table').toBe(true);
}

test('every tenant page shows every field of every record of that tenant, in the HTML as served', async ({
  page,
}) => {
  for (const tenant of site.tenants) {
    expectTenantPage(
      await rawHtml(page, tenantPath(tenant)),
      site.preRented.filter((r) => r.tenant === tenant),
    );
  }
});

test('every locality tenant page shows that tenant’s records in that locality only', async ({ page }) => {
  for (const locality of site.localities.filter((l) => l.tenant_pages)) {
    const records = site.preRented.filter((r) => r.localityRoute === locality.route);
    for (const tenant of new Set(records.map((r) => r.tenant))) {
      const html = await rawHtml(page, localityTenantPath(locality.route, tenant));
      expectTenantPage(
        html,
        records.filter((r) => r.tenant === tenant),
      );
      const title = `${tenant.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}<!-- --> in ${locality.name}`;
      expect(
        html.replace(/<!-- -->/g, '').includes(title.replace(/<!-- -->/g, '')),
        `${tenant} in ${locality.name}`,
      ).toBe(true);
    }
  }
});

test('a locality without tenant pages has none', async ({ page }) => {
  for (const locality of site.localities.filter((l) => !l.tenant_pages)) {
    const tenant = site.preRented.find((r) => r.localityRoute === locality.route)?.tenant ?? 'SBI Bank';
    const response = await page.request.get(localityTenantPath(locality.route, tenant));
    expect(response.status()).toBe(404);
  }
});

test('a tenant that does not exist gets the not-found page', async ({ page }) => {
  const response = await page.request.get(tenantPath('No Such Tenant'));
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('<h1');
});

test('a tenant page hydrates; each property’s ENQUIRE NOW opens WhatsApp in a new tab, its Request a call back leads to the page’s form @phone', async ({
  page,
}) => {
  const tenant = must(
    site.tenants.find((t) => site.preRented.filter((r) => r.tenant === t).length > 1),
    'a tenant with several records',
  );
  await open(page, tenantPath(tenant));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenant);
  const count = site.preRented.filter((r) => r.tenant === tenant).length;
  const enquiries = page.getByRole('article').getByRole('link', { name: /^ENQUIRE NOW/ });
  await expect(enquiries).toHaveCount(count);
  await expect(enquiries.first()).toHaveAttribute('target', '_blank');
  await expect(enquiries.first()).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  const callBacks = page.getByRole('article').getByRole('link', { name: /^Request a call back/ });
  await expect(callBacks).toHaveCount(count);
  await expect(callBacks.first()).toHaveAttribute('href', '#enquire');
});
