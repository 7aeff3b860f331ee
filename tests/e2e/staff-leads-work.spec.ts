/**
 * The inbox a sales team works from (issue 34), against the service started as the README says,
 * on PGlite: a phone found however it is written, the requirement and notes
 * searched, the project picked from a list whatever its capitals, the list sorted by follow-up;
 * Due today and Overdue one click away with their counts; on a phone three leads to a screen with
 * Call and WhatsApp a tap away; contact links made only from valid, encoded parts, and names
 * without direction overrides (issue 33). What the service holds is read through its API.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { DueCountsSchema } from '../../src/schema/staff';
import { expectNoAxeViolations } from './a11y-helpers';
import type { StaffService } from './staff-fixtures';
import { expect, oneBackend, test } from './staff-fixtures';

interface Posted {
  name: string;
  phone: string;
  email?: string;
  project: string;
  remark: string;
}

/** Posts an enquiry as a project page's form does; returns its id. */
async function post(page: Page, staff: StaffService, lead: Posted): Promise<string> {
  const response = await page.request.post(`${staff.origin}/addLead`, {
    headers: { Origin: staff.origin, 'Idempotency-Key': randomUUID() },
    data: {
      email: 'buyer@example.com',
      data_source: 'Website',
      dateOfLead: new Date().toISOString(),
      ...lead,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Sets a lead's follow-up `days` from today in India, through the console's API. */
async function followUp(page: Page, staff: StaffService, id: string, days: number): Promise<string> {
  const day = new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.patch(staff.url(`/staff/api/leads/${id}`), {
    headers: { Origin: staff.origin },
    data: { version: 1, followUp: day },
  });
  expect(response.status(), await response.text()).toBe(200);
  return day;
}

for (const backend of oneBackend('pglite'))
  test.describe(`working the leads on ${backend}`, () => {
    test.use({ backend });
    test.describe.configure({ timeout: 120_000 });

    test('search, project list, follow-up sort and the Due today and Overdue views @phone', async ({
      page,
      staff,
      signIn,
    }) => {
      const tag = randomUUID().slice(0, 6);
      const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
      const editor = await staff.member('sales', 'Neha Verma');
      await signIn(page, editor.email);
      const today = await post(page, staff, {
        name: `Today ${tag}`,
        phone: `+91 98${digits.slice(0, 3)} ${digits.slice(3)}`,
        project: `Tag Tower ${tag}`,
        remark: `Wants 3 BHK facing the park ${tag}\nBudget 4 Cr`,
      });
      const late = await post(page, staff, {
        name: `Late ${tag}`,
        phone: '011 4567 8901',
        project: `tag tower ${tag}`,
        remark: 'Office on a high floor',
      });
      await followUp(page, staff, today, 0);
      const lateDay = await followUp(page, staff, late, -2);

      // A phone written otherwise than it was stored; the list shows the requirement and follow-up.
      await page.goto(staff.url('/staff/leads'));
      await page
        .getByLabel('Search name, phone, email, requirement or notes')
        .fill(`0 98${digits.slice(0, 3)}-${digits.slice(3)}`);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const row = page.getByRole('row').filter({ hasText: `Today ${tag}` });
      await expect(row).toContainText(`Wants 3 BHK facing the park ${tag}`);
      await expect(page.getByRole('row')).toHaveCount(2);
      await page.getByLabel('Search name, phone, email, requirement or notes').fill(`park ${tag}`);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/q=park/);
      await expect(row).toBeVisible();

      // One project in the list for both spellings; picking it finds both, sorted by follow-up.
      await page.getByRole('button', { name: 'Clear' }).click();
      if ((page.viewportSize()?.width ?? 0) < 600)
        await page.getByRole('button', { name: 'More filters' }).click();
      const project = page.getByRole('combobox', { name: 'Project', exact: true });
      await expect(project.getByRole('option', { name: new RegExp(tag, 'i') })).toHaveCount(1);
      await project.selectOption({ label: `Tag Tower ${tag}` });
      await page
        .getByRole('combobox', { name: 'Sort by' })
        .selectOption({ label: 'Follow-up date, soonest first' });
      // Each list shows its choice whole, the longest (this sort) included.
      const clipped = await page.locator('select:visible').evaluateAll((selects) => {
        const context = document.createElement('canvas').getContext('2d');
        return selects.flatMap((select) => {
          if (context === null) return ['no canvas to measure the text with'];
          if (!(select instanceof HTMLSelectElement)) return [];
          const style = getComputedStyle(select);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]?.text ?? '';
          // The list's arrow takes about 20 px of its width.
          const room =
            select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return context.measureText(text).width > room ? [`${select.name}: ${text}`] : [];
        });
      });
      expect(clipped).toEqual([]);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const rows = page.getByRole('row').filter({ hasText: tag });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(`Late ${tag}`);
      await expect(rows.first()).toContainText(
        new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(lateDay)),
      );

      // The navigation counts what the service counts; each view is one click from the inbox.
      const counts = DueCountsSchema.parse(
        await (await page.request.get(staff.url('/staff/api/leads/due'))).json(),
      );
      const nav = page.getByRole('navigation', { name: 'Console' });
      await expect(nav.getByRole('link', { name: `Due today ${counts.today}` })).toBeVisible();
      await nav.getByRole('link', { name: `Overdue ${counts.overdue}` }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leads: follow-ups overdue');
      await expect(page.getByRole('row').filter({ hasText: `Late ${tag}` })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: `Today ${tag}` })).toHaveCount(0);
      await expectNoAxeViolations(page, 'the Overdue view');
      await nav.getByRole('link', { name: /^Due today/ }).click();
      await expect(page.getByRole('row').filter({ hasText: `Today ${tag}` })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: `Late ${tag}` })).toHaveCount(0);

      if ((page.viewportSize()?.width ?? 0) < 600) {
        // On a phone: at least three leads to a 390 × 844 screen, Call and WhatsApp one tap away.
        for (let i = 0; i < 3; i += 1)
          await post(page, staff, {
            name: `Card ${i} ${tag}`,
            phone: '98110 12345',
            project: '-',
            remark:
              'A long requirement that runs over several lines: 3 BHK, high floor, park facing, ready to move, budget around four crore, near the metro',
          });
        await page.goto(staff.url(`/staff/leads?q=${tag}`));
        const cards = page.getByRole('row').filter({ hasText: tag });
        await expect(cards).toHaveCount(5);
        const heights = await cards.evaluateAll((all) =>
          all.map((card) => card.getBoundingClientRect().height),
        );
        const tallest = Math.max(...heights);
        expect(tallest * 3, `cards of ${heights.join(', ')} px`).toBeLessThanOrEqual(844);
        const card = cards.first();
        for (const name of [`Call Card 2 ${tag}`, `WhatsApp Card 2 ${tag}`]) {
          const link = card.getByRole('link', { name });
          await expect(link).toBeInViewport();
          expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        }
        await expectNoAxeViolations(page, 'the inbox on a phone');
      }
    });

    test('contact links come only from valid, encoded parts; names show without direction overrides', async ({
      page,
      staff,
      signIn,
    }) => {
      const tag = randomUUID().slice(0, 6);
      const editor = await staff.member('sales', 'Arjun Mehta');
      await signIn(page, editor.email);
      const spoofed = `Invoice\u202E${tag}fdp.exe\u202C`;
      const id = await post(page, staff, {
        name: spoofed,
        phone: '+91 98110-22334',
        email: 'buyer?cc=boss@example.com',
        project: '-',
        remark: `Call me\u2067 ${tag}`,
      });
      await page.goto(staff.url(`/staff/leads?q=${tag}`));
      const row = page.getByRole('row').filter({ hasText: tag });
      const shown = `Invoice${tag}fdp.exe`;
      await expect(row.getByRole('link', { name: shown, exact: true })).toBeVisible();
      expect(await row.innerText()).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      await expect(row.getByRole('link', { name: `Call ${shown}` })).toHaveAttribute(
        'href',
        'tel:+919811022334',
      );
      await expect(row.getByRole('link', { name: `Email ${shown}` })).toHaveAttribute(
        'href',
        'mailto:buyer%3Fcc%3Dboss@example.com',
      );
      const chat = new URL(
        (await row.getByRole('link', { name: `WhatsApp ${shown}` }).getAttribute('href')) ?? '',
      );
      expect(chat.origin + chat.pathname).toBe('https://wa.me/919811022334');
      await page.goto(staff.url(`/staff/leads/${id}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown);
      await expect(page.getByText('Requirement', { exact: true })).toBeVisible();

      // The timeline follows the lead live: a change and a note made elsewhere show without a reload.
      const timeline = page.getByRole('region', { name: 'Timeline and notes' });
      await expect(timeline.getByRole('listitem').first()).toContainText('Enquiry received');
      await followUp(page, staff, id, 1);
      const note = await page.request.post(staff.url(`/staff/api/leads/${id}/notes`), {
        headers: { Origin: staff.origin },
        data: { body: `Asked for a brochure ${tag}` },
      });
      expect(note.status()).toBe(201);
      await expect(timeline.getByRole('listitem').filter({ hasText: 'Follow-up:' })).toContainText(
        'Arjun Mehta',
        {
          timeout: 30_000,
        },
      );
      await expect(timeline.getByRole('listitem').last()).toContainText(`Asked for a brochure ${tag}`);
      await expect(page.getByLabel('Follow-up date')).not.toHaveValue('');
      await expectNoAxeViolations(page, 'a lead with its timeline');
    });
  });
