/**
 * Hand-overs, the owner's email, the audit log's filters and the Numbers screen (issue 34), against
 * the service started as the README says, on PGlite. The emails are counted in what
 * the service printed (no SMTP), not in what the page says.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoAxeViolations } from './a11y-helpers';
import type { StaffService } from './staff-fixtures';
import { expect, oneBackend, test } from './staff-fixtures';

/** Posts an enquiry as a project page's form does; returns its id. */
async function post(page: Page, staff: StaffService, name: string): Promise<string> {
  const response = await page.request.post(`${staff.origin}/addLead`, {
    headers: { Origin: staff.origin, 'Idempotency-Key': randomUUID() },
    data: {
      name,
      phone: '98110 22334',
      email: 'buyer@example.com',
      project: 'Paras Floret',
      data_source: 'Website',
      dateOfLead: new Date().toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** How many times the service printed an email to `to` whose subject starts `subject`. */
const printed = (staff: StaffService, to: string, subject: string) =>
  staff
    .output()
    .split('\n')
    .filter((line) => line.startsWith(`Email to ${to}: ${subject}`)).length;

for (const backend of oneBackend('pglite'))
  test.describe(`team hand-overs and the Numbers screen on ${backend}`, () => {
    test.use({ backend });
    test.describe.configure({ timeout: 150_000 });

    test('an owner is emailed, a removal hands over open leads, the audit filters and Numbers pass axe', async ({
      page,
      staff,
      signIn,
    }) => {
      const tag = randomUUID().slice(0, 6);
      const admin = await staff.member('admin', `Asha ${tag}`);
      const first = await post(page, staff, `Kabir ${tag}`);
      const second = await post(page, staff, `Isha ${tag}`);
      await signIn(page, admin.email);
      // The admin adds the other two on the Staff API: quicker than two runs of npm run staff.
      const add = async (name: string) => {
        const response = await page.request.post(staff.url('/staff/api/members'), {
          headers: { Origin: staff.origin },
          data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, role: 'sales' },
        });
        expect(response.status(), await response.text()).toBe(201);
        return (await response.json()) as { id: string; email: string; name: string };
      };
      const leaving = await add(`Vikram ${tag}`);
      const heir = await add(`Neha ${tag}`);

      // Assigning a lead on its page emails its new owner, once.
      await page.goto(staff.url(`/staff/leads/${first}`));
      await page.getByLabel('Owner').selectOption({ label: leaving.name });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      await expect.poll(() => printed(staff, leaving.email, `${admin.name} assigned you a lead`)).toBe(1);
      const assign = await page.request.patch(staff.url(`/staff/api/leads/${second}`), {
        headers: { Origin: staff.origin },
        data: { version: 1, ownerId: leaving.id },
      });
      expect(assign.status(), await assign.text()).toBe(200);

      // Removing them asks who takes over their two open leads; the heir is emailed once with the list.
      await page.goto(staff.url('/staff/team'));
      await page.getByRole('button', { name: `Remove ${leaving.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${leaving.name}?` });
      const heirChoice = dialog.getByLabel(`${leaving.name} owns 2 open leads. Who takes them over?`);
      await expect(heirChoice).toBeVisible();
      await expectNoAxeViolations(page, 'the remove dialog at 1440 px');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page, 'the remove dialog at 390 px');
      await page.setViewportSize({ width: 1440, height: 900 });
      await heirChoice.selectOption({ label: heir.name });
      await dialog.getByRole('button', { name: `Remove ${leaving.name}` }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(leaving.email)).toHaveCount(0);
      await expect
        .poll(() => printed(staff, heir.email, `You take over 2 open leads from ${leaving.name}`))
        .toBe(1);
      const owned = await page.request.get(staff.url(`/staff/api/leads?owner=${heir.id}`));
      expect(((await owned.json()) as { total: number }).total).toBe(2);

      // The audit log filtered by member and kind shows the removal with the hand-over.
      await page.goto(staff.url('/staff/audit'));
      await page.getByLabel('Member').selectOption({ label: admin.name });
      await page.getByLabel('Kind').selectOption({ label: 'staff removed' });
      const entries = page.getByRole('main').getByRole('listitem');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText(`handedOverTo: ${heir.name}`);
      await expectNoAxeViolations(page, 'the audit log, filtered, at 1440 px');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(entries).toHaveCount(1);
      await expectNoAxeViolations(page, 'the audit log, filtered, at 390 px');

      // The Numbers screen: a chart per figure with its name, its table, and its CSV.
      for (const size of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        await page.goto(staff.url('/staff/numbers'));
        await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
        await expect(page.getByRole('img', { name: /^Leads by project: bar chart/ })).toBeVisible();
        await expect(page.getByRole('img', { name: /bar chart/ })).toHaveCount(6);
        const project = page.getByRole('figure', { name: 'Leads by project' });
        await project.getByText('Table of figures').click();
        await expect(project.getByRole('row', { name: /Paras Floret/ })).toBeVisible();
        await expectNoAxeViolations(page, `the Numbers screen at ${size.width} px`);
      }
      const project = page.getByRole('figure', { name: 'Leads by project' });
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        project.getByRole('button', { name: 'Download CSV of Leads by project' }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^leads-by-project-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = Buffer.concat(await (await csv.createReadStream()).toArray()).toString('utf8');
      // Other tests share the service and post leads of their own: Paras Floret need not come first.
      expect(text).toMatch(/^\uFEFFLeads by project,Leads\r\n/);
      const parasFloret = /\r\nParas Floret,(\d+)\r\n/.exec(text);
      expect(Number(parasFloret?.[1])).toBeGreaterThanOrEqual(2);
    });
  });
