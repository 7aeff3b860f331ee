/**
 * The leads inbox as sales staff work it, against the service started as the
 * README says (see staff-fixtures.ts), on PostgreSQL when it is set up: a lead
 * posted to /addLead shows up without a reload, the work on it survives a
 * reload, both exports hold the filtered view, a removed member and a forged
 * Origin change nothing, and no /staff/ address answers a visitor. What the
 * service stored is read back through its API, never from the page alone.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { INBOX_POLL_MS } from '../../src/data/staff';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, oneBackend, test } from './staff-fixtures';

interface StoredLead {
  id: string;
  name: string;
  status: string;
  ownerName: string | null;
  followUp: string | null;
  version: number;
  notes: { body: string; authorName: string }[];
}

/** Posts an enquiry as the site's project form does; its name is unique to the test. */
async function postLead(
  request: APIRequestContext,
  origin: string,
  name: string,
  project = 'DLF The Camellias',
) {
  const response = await request.post(`${origin}/addLead`, {
    headers: { Origin: origin, 'Idempotency-Key': randomUUID() },
    data: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      phone: '98110 12345',
      data_source: 'Website',
      dateOfLead: new Date().toISOString(),
      project,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The lead as the service stored it, read through the inbox API with `page`'s cookie. */
async function stored(page: Page, origin: string, name: string): Promise<StoredLead> {
  const list = await page.request.get(`${origin}/staff/api/leads?q=${encodeURIComponent(name)}`);
  expect(list.status()).toBe(200);
  const { leads } = (await list.json()) as { leads: { id: string }[] };
  expect(leads).toHaveLength(1);
  const detail = await page.request.get(`${origin}/staff/api/leads/${leads[0]?.id ?? ''}`);
  return (await detail.json()) as StoredLead;
}

const unique = (what: string) => `${what} ${randomUUID().slice(0, 6)}`;

for (const backend of oneBackend('postgres'))
  test.describe(`leads inbox on ${backend}`, () => {
    test.use({ backend });
    // Each `npm run staff` starts a tsx process: seconds apiece on a busy machine.
    test.describe.configure({ timeout: 90_000 });

    test('a new lead appears without a reload, counted in the tab title @phone', async ({
      page,
      staff,
      signIn,
    }) => {
      const editor = await staff.member('sales', 'Ravi Kumar');
      await signIn(page, editor.email);
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
      // The rows of the first load are the ones already there: post only once they have come.
      await expect(page.getByText(/^\d+ enquir(y|ies)$/)).toBeVisible();
      const name = unique('Kiran Bedi');
      await postLead(page.request, staff.origin, name);

      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveTitle(/^\(\d+\) Leads · Staff console$/);
      await expect(row).toContainText('DLF The Camellias');
      await expect(row).toContainText('IST');
      const whatsapp = row.getByRole('link', { name: `WhatsApp ${name}` });
      const greeting = new URL((await whatsapp.getAttribute('href')) ?? '');
      expect(greeting.pathname).toBe('/919811012345');
      expect(greeting.searchParams.get('text')).toContain('about DLF The Camellias');
      await expect(row.getByRole('link', { name: `Call ${name}` })).toHaveAttribute('href', /^tel:/);

      await page.getByRole('button', { name: 'Mark as seen' }).click();
      await expect(page).toHaveTitle('Leads · Staff console');
    });

    test('status, owner, follow-up and a note are kept across a reload, and audited', async ({
      page,
      staff,
      signIn,
    }) => {
      const admin = await staff.member('admin', 'Meera Shah');
      await signIn(page, admin.email);
      const name = unique('Sunil Gavaskar');
      await postLead(page.request, staff.origin, name);
      await page.goto(staff.url(`/staff/leads?q=${encodeURIComponent(name)}`));
      await page.getByRole('link', { name, exact: true }).click();
      // The service runs as the quick start does, without SMTP: its email is a line in its output.
      await expect(page.getByText('Not emailed: email is not set up')).toBeVisible({
        timeout: 30_000,
      });

      await page.getByLabel('Status').selectOption({ label: 'Site visit' });
      await page.getByLabel('Owner').selectOption({ label: 'Meera Shah' });
      await page.getByLabel('Follow-up date').fill('2030-02-14');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await page.getByLabel('Note', { exact: true }).fill('Wants a corner unit; call after 6 pm.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: 'corner unit' })).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('Status')).toHaveValue('site-visit');
      await expect(page.getByLabel('Owner')).toHaveText(/Meera Shah/);
      await expect(page.getByLabel('Follow-up date')).toHaveValue('2030-02-14');
      await expect(page.getByRole('listitem').filter({ hasText: 'corner unit' })).toContainText('Meera Shah');

      const lead = await stored(page, staff.origin, name);
      expect(lead).toMatchObject({ status: 'site-visit', ownerName: 'Meera Shah', followUp: '2030-02-14' });
      expect(lead.notes).toEqual([
        expect.objectContaining({ body: 'Wants a corner unit; call after 6 pm.', authorName: 'Meera Shah' }),
      ]);
      const audit = await page.request.get(staff.url('/staff/api/audit'));
      expect(JSON.stringify(await audit.json())).toContain(lead.id);
    });

    test('a later save from an older version is refused, and the earlier one stays', async ({
      page,
      browser,
      staff,
      signIn,
    }) => {
      const first = await staff.member('sales', 'Asha Rao');
      const second = await staff.member('sales', 'Vikram Sethi');
      const name = unique('Rohit Sharma');
      await postLead(page.request, staff.origin, name);
      const other = await browser.newPage();
      await signIn(page, first.email);
      await signIn(other, second.email);
      const id = (await stored(page, staff.origin, name)).id;
      await page.goto(staff.url(`/staff/leads/${id}`));
      await other.goto(staff.url(`/staff/leads/${id}`));
      await expect(other.getByLabel('Status')).toHaveValue('new');

      await page.getByLabel('Status').selectOption({ label: 'Contacted' });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await other.getByLabel('Status').selectOption({ label: 'Lost' });
      await other.getByRole('button', { name: 'Save' }).click();
      await expect(other.getByRole('alert')).toContainText('Asha Rao');
      await other.close();

      expect((await stored(page, staff.origin, name)).status).toBe('contacted');
    });

    test('both exports hold the filtered view, formula-safe', async ({ page, staff, signIn }) => {
      const editor = await staff.member('sales');
      await signIn(page, editor.email);
      const tag = randomUUID().slice(0, 6);
      const kept = `Export Kept ${tag}`;
      await postLead(page.request, staff.origin, kept, '=HYPERLINK("http://example.com")');
      await postLead(page.request, staff.origin, `Export Other ${tag}`);
      await page.goto(staff.url(`/staff/leads?q=${encodeURIComponent(kept)}`));
      await expect(page.getByRole('row').filter({ hasText: kept })).toBeVisible();

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(csvDownload.suggestedFilename()).toMatch(
        /^enquiries-\d{4}-\d{2}-\d{2}-search-export-kept-\w+\.csv$/,
      );
      const csv = Papa.parse<Record<string, string>>(await readFile(await csvDownload.path(), 'utf8'), {
        header: true,
        skipEmptyLines: true,
      });
      expect(csv.data.map((row) => Object.values(row).join('|'))).toEqual([expect.stringContaining(kept)]);
      expect(Object.values(csv.data[0] ?? {})).toContain(`'=HYPERLINK("http://example.com")`);

      const [xlsxDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export Excel' }).click(),
      ]);
      expect(xlsxDownload.suggestedFilename()).toMatch(
        /^enquiries-\d{4}-\d{2}-\d{2}-search-export-kept-\w+\.xlsx$/,
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await xlsxDownload.path());
      const sheet = book.worksheets[0];
      expect(sheet?.actualRowCount).toBe(2);
      const values = (sheet?.getRow(2).values as unknown[]).map(String);
      expect(values).toContain(kept);
      expect(sheet?.getRow(2).values).not.toContainEqual(
        expect.objectContaining({ formula: expect.anything() }),
      );
    });

    test('a removed member’s cookie is refused at once, and the open inbox goes to sign-in', async ({
      page,
      staff,
      signIn,
      allowConsoleError,
    }) => {
      // The open inbox's next ask for its leads is refused, which the browser logs.
      allowConsoleError(/status of 401 \(Unauthorized\)/);
      const leaving = await staff.member('sales', 'Leaving Soon');
      await signIn(page, leaving.email);
      await expect(page).toHaveURL(/\/staff\/leads$/);
      expect((await page.request.get(staff.url('/staff/api/me'))).status()).toBe(200);
      const removed = await staff.cli('remove', leaving.email);
      expect(removed.code, removed.stderr).toBe(0);
      expect((await page.request.get(staff.url('/staff/api/leads'))).status()).toBe(401);
      // Waited for rather than raced: a visit made while the inbox's poll is refused was cut short
      // by the inbox's own move to sign-in (CI, 7 December).
      const signInAgain = /\/staff\/sign-in\?next=%2Fstaff%2Fleads$/;
      await expect(page).toHaveURL(signInAgain, { timeout: 2 * INBOX_POLL_MS });
      const visit = await page.goto(staff.url('/staff/leads'));
      expect(visit?.request().redirectedFrom()?.url(), 'the service itself turns the visit away').toBe(
        staff.url('/staff/leads'),
      );
      await expect(page).toHaveURL(signInAgain);
    });

    test('a write from another origin is refused and changes nothing', async ({ page, staff, signIn }) => {
      const editor = await staff.member('sales');
      await signIn(page, editor.email);
      const name = unique('Forged Origin');
      await postLead(page.request, staff.origin, name);
      const before = await stored(page, staff.origin, name);
      const forged = { Origin: 'https://evil.example' };
      const change = await page.request.patch(staff.url(`/staff/api/leads/${before.id}`), {
        headers: forged,
        data: { version: before.version, status: 'spam', ownerId: null, followUp: null },
      });
      const note = await page.request.post(staff.url(`/staff/api/leads/${before.id}/notes`), {
        headers: forged,
        data: { body: 'Planted' },
      });
      expect([change.status(), note.status()]).toEqual([403, 403]);
      expect(await stored(page, staff.origin, name)).toEqual(before);
    });

    test('no /staff/ address answers a visitor with anything but sign-in', async ({ page, staff }) => {
      for (const path of [
        '/staff',
        '/staff/',
        '/staff/leads',
        '/staff/team',
        '/staff/audit',
        '/staff/sheets',
      ]) {
        const response = await page.request.get(staff.url(path), { maxRedirects: 0 });
        expect([path, response.status()]).toEqual([path, 303]);
        expect(response.headers()['location']).toBe(`/staff/sign-in?next=${encodeURIComponent(path)}`);
      }
      for (const path of [
        '/staff/api/me',
        '/staff/api/leads',
        '/staff/api/leads/export.csv',
        '/staff/api/leads/export.xlsx',
        '/staff/api/members',
        '/staff/api/audit',
        `/staff/api/leads/${randomUUID()}`,
      ]) {
        const response = await page.request.get(staff.url(path));
        expect([path, response.status()]).toEqual([path, 401]);
        expect(response.headers()['cache-control']).toBe('private, no-store');
        expect(await response.text()).not.toMatch(/@example\.com/);
      }
    });

    test('the inbox and a lead pass axe, on a phone too @phone', async ({ page, staff, signIn }) => {
      const editor = await staff.member('sales', 'Axe Tester');
      await postLead(page.request, staff.origin, unique('Priya Nair'));
      await signIn(page, editor.email);
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, 'the inbox');
      await page.getByRole('row').nth(1).getByRole('link').first().click();
      await expect(page.getByLabel('Status')).toBeVisible();
      await expectNoAxeViolations(page, 'a lead');
    });
  });
