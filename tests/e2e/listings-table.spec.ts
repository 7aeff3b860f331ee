import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { PreRentedEntry } from '../../src/schema/site';
import { expect, test } from './fixtures';
import { amount, hrefsIn, must, open, rawHtml, showFilters, site } from './listings-helpers';
import { formatMoney } from '../../src/data/format';
import { PATHS, tenantPath } from '../../src/data/links';

const table = (page: Page) => page.getByRole('table');
const header = (page: Page, name: string) =>
  table(page).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const sortButton = (page: Page, name: string) => header(page, name).getByRole('button');

/** The text of one column, top to bottom. */
async function column(page: Page, index: number): Promise<string[]> {
  return table(page)
    .locator('tbody tr')
    .evaluateAll((rows, i) => rows.map((row) => (row.children[i] as HTMLElement).innerText.trim()), index);
}

const columnIndex = async (page: Page, name: string) =>
  (await table(page).locator('thead th').allInnerTexts()).findIndex((text) => text.trim().startsWith(name));

/** Numbers ascending or descending, blanks (null) last. */
function sortedNumbers(values: (number | null)[], desc: boolean): (number | null)[] {
  const numbers = values.filter((v): v is number => v !== null).sort((a, b) => (desc ? b - a : a - b));
  return [...numbers, ...values.filter((v) => v === null)];
}

const shown = (text: string) => (text === '—' ? null : amount(text));

test('the page as served holds the whole table in sheet order', async ({ page }) => {
  const html = await rawHtml(page, PATHS.preRentedTable);
  const body = html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>'));
  expect(hrefsIn(body)).toEqual(site.preRented.map((r) => tenantPath(r.tenant)));
  expect((body.match(/<tr/g) ?? []).length).toBe(site.preRented.length);
  expect(html.includes('Gross yield'), 'gross yield column').toBe(true);
  expect(html.includes('Asking price'), 'asking price column').toBe(true);
});

test('headers sort numbers as numbers, ascending, descending, then back; blanks last', async ({ page }) => {
  test.slow();
  await open(page, PATHS.preRentedTable);
  const rent = await columnIndex(page, 'Rent / month');
  const rents = site.preRented.map((r) => r.rent);
  await sortButton(page, 'Rent / month').click();
  await expect(header(page, 'Rent / month')).toHaveAttribute('aria-sort', 'ascending');
  expect((await column(page, rent)).map(amount)).toEqual(sortedNumbers(rents, false));
  await expect(page).toHaveURL('/preRentedTable?sort=rent');
  await sortButton(page, 'Rent / month').click();
  await expect(header(page, 'Rent / month')).toHaveAttribute('aria-sort', 'descending');
  expect((await column(page, rent)).map(amount)).toEqual(sortedNumbers(rents, true));
  await sortButton(page, 'Rent / month').click();
  await expect(header(page, 'Rent / month')).not.toHaveAttribute('aria-sort');
  expect((await column(page, rent)).map(amount)).toEqual(rents);

  for (const [name, value] of [
    ['Lock-in', (r: PreRentedEntry) => r.lock_in_years],
    ['Deposit', (r: PreRentedEntry) => r.security_deposit_months],
    ['Asking price', (r: PreRentedEntry) => r.asking_price],
    [
      'Gross yield',
      (r: PreRentedEntry) => (r.grossYield === null ? null : Math.round(r.grossYield * 10000) / 100),
    ],
  ] as const) {
    const index = await columnIndex(page, name);
    await sortButton(page, name).click();
    await sortButton(page, name).click();
    await expect(header(page, name)).toHaveAttribute('aria-sort', 'descending');
    expect((await column(page, index)).map(shown), name).toEqual(
      sortedNumbers(site.preRented.map(value), true),
    );
    await sortButton(page, name).click();
  }
});

test('shift-click adds a second sort key, and the view survives a reload and Back', async ({ page }) => {
  test.slow();
  await open(page, PATHS.preRentedTable);
  await sortButton(page, 'Type').click();
  await sortButton(page, 'Rent / month').click({ modifiers: ['Shift'] });
  await sortButton(page, 'Rent / month').click({ modifiers: ['Shift'] });
  await expect(page).toHaveURL('/preRentedTable?sort=type%2C-rent');
  const expected = [...site.preRented]
    .sort((a, b) => a.property_type.localeCompare(b.property_type) || b.rent - a.rent)
    .map((r) => `${r.property_type} ${r.rent}`);
  const read = async () => {
    const types = await column(page, await columnIndex(page, 'Type'));
    const rents = await column(page, await columnIndex(page, 'Rent / month'));
    return types.map((type, i) => `${type} ${amount(rents[i] ?? '')}`);
  };
  expect(await read()).toEqual(expected);
  await expect(header(page, 'Type')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Rent / month')).toContainText('sort key 2, descending');
  await page.reload();
  await expect.poll(read).toEqual(expected);
  await page.goBack();
  await expect(page).toHaveURL('/preRentedTable?sort=type%2Crent');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(PATHS.preRentedTable);
  await expect
    .poll(async () => (await column(page, 0)).slice(0, 3))
    .toEqual(site.preRented.slice(0, 3).map((r) => r.tenant));
});

test('filters by locality, type and a search over tenant and building', async ({ page }) => {
  const locality = must(site.localities[2], 'a third locality');
  await open(page, PATHS.preRentedTable);
  await page.getByLabel('Locality', { exact: true }).selectOption(locality.route);
  await page.getByLabel('Property type').selectOption('Retail');
  const expected = site.preRented.filter(
    (r) => r.localityRoute === locality.route && r.property_type === 'Retail',
  );
  await expect.poll(() => column(page, 0)).toEqual(expected.map((r) => r.tenant));
  await expect(page).toHaveURL(`${PATHS.preRentedTable}?locality=${locality.route}&type=Retail`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const word = must(must(site.preRented[0], 'a record').building.split(' ')[0], 'a word');
  await page.getByLabel('Search tenant or building').fill(word.toLowerCase());
  const matches = site.preRented.filter((r) =>
    `${r.tenant} ${r.building}`.toLowerCase().includes(word.toLowerCase()),
  );
  await expect.poll(() => column(page, 0)).toEqual(matches.map((r) => r.tenant));
  await page.reload();
  await expect(page.getByLabel('Search tenant or building')).toHaveValue(word.toLowerCase());
  await expect.poll(() => column(page, 0)).toEqual(matches.map((r) => r.tenant));
  await page.getByLabel('Search tenant or building').fill('no tenant is called this');
  await expect(table(page).locator('tbody tr')).toHaveCount(0);
  await expect(page.getByRole('status').first()).toContainText('0 Properties of');
});

test('filters by monthly rent, budget and gross yield, kept in the address @phone', async ({ page }) => {
  await open(page, PATHS.preRentedTable);
  await showFilters(page);
  const tenants = (keep: (r: PreRentedEntry) => boolean) => site.preRented.filter(keep).map((r) => r.tenant);

  await page.getByLabel('Monthly rent').selectOption({ label: 'Up to ₹2 L/month' });
  await expect.poll(() => column(page, 0)).toEqual(tenants((r) => r.rent <= 200000));
  await expect(page).toHaveURL(`${PATHS.preRentedTable}?rentMax=200000`);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Budget').selectOption({ label: 'Up to ₹5 Cr' });
  await page.getByLabel('Gross yield').selectOption({ label: '7% or more' });
  const chosen = (r: PreRentedEntry) =>
    r.asking_price !== null && r.asking_price <= 5e7 && r.grossYield !== null && r.grossYield >= 0.07;
  expect(tenants(chosen).length, 'the fixture has records on both sides').toBeGreaterThan(0);
  expect(tenants(chosen).length).toBeLessThan(site.preRented.length);
  await expect.poll(() => column(page, 0)).toEqual(tenants(chosen));
  await expect(page).toHaveURL(`${PATHS.preRentedTable}?priceMax=50000000&yieldMin=7`);
  await page.reload();
  await expect(page.getByLabel('Gross yield')).toHaveValue('7');
  await expect.poll(() => column(page, 0)).toEqual(tenants(chosen));
});

test('Download CSV saves the rows in view, in their order, with bare numbers', async ({ page }) => {
  await open(page, '/preRentedTable?type=Bank&sort=-rent');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('pre-rented-properties.csv');
  const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [head, ...lines] = text.trimEnd().split('\r\n');
  const names = must(head, 'a header row').split(',');
  expect(names).toContain('Monthly rent (INR)');
  const banks = site.preRented.filter((r) => r.property_type === 'Bank').sort((a, b) => b.rent - a.rent);
  expect(lines).toHaveLength(banks.length);
  lines.forEach((line, i) => {
    const record = must(banks[i], `bank ${i}`);
    // Quoted fields may hold commas: split on commas outside quotes.
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) =>
      (m[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'),
    );
    const cell = (name: string) => cells[names.indexOf(name)];
    expect(cell('Tenant')).toBe(record.tenant);
    expect(cell('Building')).toBe(record.building);
    expect(cell('Monthly rent (INR)')).toBe(String(record.rent));
    expect(cell('Total area (sq ft)')).toBe(String(record.total_area));
    expect(cell('Available area (sq ft)')).toBe(record.available_area.join('/'));
    expect(cell('Lock-in (years)')).toBe(record.lock_in_years === null ? '' : String(record.lock_in_years));
  });
});

test('on a phone every row shows its rent and yield without scrolling sideways or an inner scroll box @phone-only', async ({
  page,
}) => {
  await open(page, PATHS.preRentedTable);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const scroller = page.getByRole('region', { name: 'Pre-rented properties table' });
  expect(
    await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
  ).toBe(true);
  const first = must(site.preRented[0], 'a record');
  const row = table(page).locator('tbody tr').first();
  for (const label of ['Rent / month', 'Gross yield', 'Asking price']) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeVisible();
    const box = await cell.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 0), label).toBeLessThanOrEqual(width);
  }
  await expect(row.locator('td[data-label="Rent / month"]')).toContainText(formatMoney(first.rent));
  // Rent, price and yield come first, abreast, above every other figure.
  const top = async (label: string) => (await row.locator(`td[data-label="${label}"]`).boundingBox())?.y;
  const headline = await Promise.all(['Rent / month', 'Asking price', 'Gross yield'].map(top));
  expect(new Set(headline).size, 'rent, price and yield on one line').toBe(1);
  expect(headline[0] ?? Infinity).toBeLessThan((await top('Building')) ?? -1);
});

test('on a phone the sort buttons take one line that scrolls sideways, and the first property starts on the first screen @phone-only', async ({
  page,
}) => {
  await open(page, PATHS.preRentedTable);
  const headings = table(page).locator('thead tr');
  const buttons = headings.getByRole('button');
  const tops = await buttons.evaluateAll((all) => all.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await headings.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const last = buttons.last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(last.locator('xpath=..')).toHaveAttribute('aria-sort', /ascending|descending/);
  await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize()?.height ?? 0;
  const firstRow = await table(page).locator('tbody tr').first().boundingBox();
  expect(firstRow?.y ?? Infinity).toBeLessThan(viewport);
});

test('at 1440 pixels every column shows; on a narrower screen the table says it scrolls, the tenant column held', async ({
  page,
}) => {
  await open(page, PATHS.preRentedTable);
  const heading = await page
    .getByRole('heading', { level: 2, name: /All pre-rented properties/i })
    .boundingBox();
  const scroller = page.getByRole('region', { name: 'Pre-rented properties table' });
  const box = await scroller.boundingBox();
  expect(box?.x).toBeCloseTo(heading?.x ?? -1, 0);
  const right = (box?.x ?? 0) + (box?.width ?? 0);
  expect(right).toBeLessThanOrEqual(1440 - ((heading?.x ?? 0) - 1));
  expect(await scroller.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('none');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  for (const name of ['Escalation', 'Asking price', 'Gross yield']) {
    const cell = await header(page, name).boundingBox();
    expect((cell?.x ?? Infinity) + (cell?.width ?? 0), name).toBeLessThanOrEqual(right + 1);
  }
  const hint = page.getByText(/^Scroll the table sideways for all \d+ columns/);
  await expect(hint).toHaveCount(0);

  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(hint).toBeVisible();
  const tenant = table(page).locator('tbody th').first();
  const before = await tenant.boundingBox();
  await scroller.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  const after = await tenant.boundingBox();
  expect(after?.x).toBeCloseTo(before?.x ?? -1, 0);
  await expect(header(page, 'Tenant')).toHaveCSS('position', 'sticky');
});
