/**
 * The console's Sheets screen as sales staff use it, against the service
 * started as the README starts it, on PostgreSQL when it is set up
 * (publishing on, over a throw-away git copy of sheets/, see
 * staff-fixtures.ts): a rent changed in the downloaded Excel
 * file is previewed, published (a git commit by its author) and rolled back;
 * a sheet with three mistakes shows each at its row and column and cannot be
 * published; an Excel "CSV (Comma delimited)" file in Windows-1252 is read as
 * written.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expectNoAxeViolations } from './a11y-helpers';
import { watchConsole } from './fixtures';
import { expect, oneBackend, test, type StaffService } from './staff-fixtures';
import { BUILD_WAIT, CHECK_WAIT, pickFile } from './staff-sheets-helpers';
import { formatMoney } from '../../src/data/format';

const run = promisify(execFile);

const PUBLIC_PAGE = '/preRentedList/SBI%20Bank';
/** The rent before and after the change, as the tenant page's headline shows it. */
const OLD_RENT = formatMoney(208439, { perMonth: true });
const NEW_RENT = formatMoney(215000, { perMonth: true });

/** Opens /staff/sheets signed in as a new editor; returns the editor. */
async function openSheets(page: Page, staff: StaffService) {
  const editor = await staff.member('publisher', 'Asha Rao');
  await page.goto(await staff.link(editor.email));
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.goto(staff.url('/staff/sheets'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sheets' })).toBeVisible();
  return editor;
}

/** Picks `bytes`, named `name`, with `button`'s file picker, as staff would, and waits for the review titled `review`. */
async function upload(page: Page, button: Locator, name: string, bytes: Uint8Array | string, review = name) {
  await pickFile(page, button, name, bytes);
  await expect(page.getByRole('heading', { level: 2, name: review, exact: true })).toBeVisible(CHECK_WAIT);
}

/** A full-page screenshot in the test's output folder (test-results/, never committed), to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize();
  await page.screenshot({
    path: testInfo.outputPath(`${name}-${size?.width}x${size?.height}.png`),
    fullPage: true,
  });
}

for (const backend of oneBackend('postgres'))
  test.describe(`Sheets on ${backend}`, () => {
    test.use({ backend });

    const live = (contentDir: string, sheet: string) => readFile(join(contentDir, 'sheets', sheet), 'utf8');

    test('a rent changed in the Excel download is previewed, published as a commit, and rolled back', async ({
      page,
      staff,
      consoleGuard,
    }, testInfo) => {
      test.setTimeout(360_000);
      page.context().on('page', (opened) => watchConsole(opened, consoleGuard));
      const editor = await openSheets(page, staff);
      const git = async (...args: string[]) =>
        (await run('git', args, { cwd: staff.contentDir })).stdout.trim();
      const commitsBefore = Number(await git('rev-list', '--count', 'HEAD'));
      // The worker's service is shared with the other Sheets specs, which may have published before.
      const original = await live(staff.contentDir, 'pre-rented.csv');

      const sheet = page.locator('li[data-sheet="pre-rented.csv"]');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        sheet.getByRole('link', { name: 'Download Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('pre-rented.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const cells = book.worksheets[0] as ExcelJS.Worksheet;
      expect([cells.getCell('A2').value, cells.getCell('B2').value, cells.getCell('I2').value]).toEqual([
        'SBI Bank',
        'Vatika Professional Point',
        208439,
      ]);
      cells.getCell('I2').value = 215000;
      await upload(
        page,
        sheet.getByRole('button', { name: 'Upload' }),
        'pre-rented.xlsx',
        new Uint8Array(await book.xlsx.writeBuffer()),
        'pre-rented.xlsx → pre-rented.csv',
      );

      // The other sheets' warnings are counted too; this change adds one, at the cell it concerns.
      await expect(page.getByRole('status')).toHaveText(
        /^No problems: ready to preview and publish \(\d+ warnings worth a look\)\.$/,
      );
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: 'pre-rented.csv, row 2, column J (rent_per_sqft) (warning): ' }),
      ).toContainText('rent ÷ total area is ₹2,15,000 ÷ 1,850 sq ft = 116.22');
      const changes = page.getByRole('table', { name: 'What publishing changes in pre-rented.csv' });
      await expect(changes.getByRole('row')).toHaveCount(2);
      const changed = changes.getByRole('row', { name: /^Changed row 2/ });
      await expect(changed.locator('del')).toHaveText('₹2,08,439');
      await expect(changed.locator('ins')).toHaveText('215000');

      await page.getByRole('button', { name: 'Preview' }).click();
      const pageLink = page.getByRole('link', { name: '/preRentedList/SBI Bank', exact: true });
      await expect(pageLink).toBeVisible(BUILD_WAIT);
      const [preview] = await Promise.all([page.waitForEvent('popup'), pageLink.click()]);
      await expect(preview.getByText(NEW_RENT).first()).toBeVisible();
      await expect(preview.getByRole('note').filter({ hasText: 'Preview: not the live site' })).toBeVisible();
      await preview.close();
      // The preview keeps the site's own content policy, not the console's stricter one.
      const policy = async (url: string) =>
        (await page.request.get(url)).headers()['content-security-policy'];
      expect(await policy(preview.url())).toBe(await policy(staff.url(PUBLIC_PAGE)));
      // The preview is the staff's alone: visitors still get the live page.
      const before = await (await page.request.get(staff.url(PUBLIC_PAGE))).text();
      expect(before).toContain(OLD_RENT);
      expect(before).not.toContain(NEW_RENT);

      await page
        .getByLabel('What does this change do? (for the history)')
        .fill('SBI Bank rent from December');
      await page.getByRole('button', { name: 'Publish' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('pre-rented.csv: 1 row changed');
      await confirm.getByRole('button', { name: 'Publish now' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Published: "SBI Bank rent from December". The website shows it now.',
        BUILD_WAIT,
      );
      const visitor = await page.context().newPage();
      await visitor.goto(staff.url(PUBLIC_PAGE));
      await expect(visitor.getByText(NEW_RENT).first()).toBeVisible();
      await expect(visitor.getByText(OLD_RENT)).toHaveCount(0);
      expect(await live(staff.contentDir, 'pre-rented.csv')).toContain(
        'SBI Bank,Vatika Professional Point,Golf Course Extension,Bank,"1,850",,9,3,215000,',
      );
      const author = `${editor.name} <${editor.email}>`;
      const published = `${author}|${author}|SBI Bank rent from December|sheets/pre-rented.csv`;
      // Each commit: author|committer|subject|the files it changed.
      const newest = async (n: number) =>
        (await git('log', `-${n}`, '--format=%x1e%an <%ae>|%cn <%ce>|%s|', '--name-only'))
          .split('\x1e')
          .slice(1)
          .map((commit) => commit.replace(/\n/g, ''));
      expect(await newest(1)).toEqual([published]);

      await page.getByRole('button', { name: 'History' }).click();
      const entry = page.getByRole('listitem').filter({ hasText: /^\s*SBI Bank rent from December/ });
      await expect(entry).toContainText(`${editor.name} ·`);
      await expect(entry).toContainText('pre-rented.csv 1 changed');
      await screenshot(page, testInfo, 'history');
      await expect(entry).toContainText('Live');
      await entry.getByRole('button', { name: 'Undo' }).click();
      const undo = page.getByRole('alertdialog', { name: 'Confirm the undo' });
      // Counting the pages it changes builds the sheets it would leave: as long as a publish's build.
      await expect(undo).toContainText(
        /^Undo changes pre-rented\.csv 1 changed\. \d+ pages of the website change\. Every later change is kept\./,
        BUILD_WAIT,
      );
      await undo.getByText('The pages it changes').click();
      await expect(
        undo.getByRole('listitem').filter({ hasText: '/preRentedList/SBI Bank (changed)' }),
      ).toBeVisible();
      await undo.getByRole('button', { name: 'Undo it' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Undo: SBI Bank rent from December: done. The website shows it now.',
        BUILD_WAIT,
      );
      await visitor.reload();
      await expect(visitor.getByText(OLD_RENT).first()).toBeVisible();
      await expect(visitor.getByText(NEW_RENT)).toHaveCount(0);
      expect(await live(staff.contentDir, 'pre-rented.csv')).toBe(original);
      expect(Number(await git('rev-list', '--count', 'HEAD'))).toBe(commitsBefore + 2);
      expect(await newest(2)).toEqual([
        `${author}|${author}|Undo: SBI Bank rent from December|sheets/pre-rented.csv`,
        published,
      ]);
      await expect(entry.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      await expect(entry).toContainText('Taken back: not on the live site');
    });

    test('a sheet with three mistakes shows each at its row and column, and Publish is refused @phone', async ({
      page,
      staff,
    }, testInfo) => {
      // Two axe scans of a long page: a minute each on a busy machine.
      test.setTimeout(300_000);
      await openSheets(page, staff);
      await expect(page.locator('li[data-sheet="pre-rented.csv"]')).toBeVisible();
      await expectNoAxeViolations(page, 'the Sheets screen');
      await screenshot(page, testInfo, 'sheets');

      const text = (await live(staff.contentDir, 'pre-rented.csv'))
        .replace('"₹2,08,439"', '2O8439')
        .replace('Paras Twin Towers,Golf Course Road,Bank,', 'Paras Twin Towers,Golf Course Road,Bnak,')
        .replace('pre-rented/sbi-bank-3.jpg', 'pre-rented/sbi-bank-33.jpg');
      await upload(
        page,
        page.getByRole('button', { name: 'Upload', exact: true }).first(),
        'pre-rented.csv',
        text,
      );
      await expect(page.getByRole('status')).toHaveText(
        /^3 problems to put right before it can be published( \(\d+ warnings worth a look\))?\.$/,
      );
      const review = page.getByRole('region', { name: 'pre-rented.csv', exact: true });
      const grid = review.getByRole('region', { name: 'Rows of pre-rented.csv' });
      // Numbered as marked in the grid: what stops Publish first, the other sheets' warnings last.
      const problems = review.getByRole('listitem');
      for (const [n, row, column, value, place] of [
        [1, 2, 'I', '2O8439', 'row 2, column I (rent)'],
        [2, 3, 'D', 'Bnak', 'row 3, column D (property_type)'],
        [3, 4, 'N', 'pre-rented/sbi-bank-33.jpg', 'row 4, column N (image)'],
      ] as const) {
        // The marked cell sits in the spreadsheet's row (its number heads the row) and column (its letter heads it).
        const cell = grid.getByRole('cell', { name: `Problem ${n}: ${value}`, exact: true });
        await expect(cell).toBeVisible();
        const at = await cell.evaluate((td: HTMLTableCellElement) => [
          (td.parentElement as HTMLTableRowElement).cells[0]?.textContent,
          td.closest('table')?.tHead?.rows[0]?.cells[td.cellIndex]?.textContent,
        ]);
        expect(at).toEqual([String(row), column]);
        await expect(problems.nth(n - 1)).toContainText(`pre-rented.csv, ${place}`);
      }
      await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
      await expect(
        page.getByText('Publish is refused until every problem above is put right.'),
      ).toBeVisible();
      // The grid scrolls inside its frame; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
        page.viewportSize()?.width,
      );
      await expectNoAxeViolations(page, 'the review of an upload with three mistakes');
      await screenshot(page, testInfo, 'mistakes');
    });

    test('an Excel "CSV (Comma delimited)" file in Windows-1252 is read as written', async ({
      page,
      staff,
    }) => {
      test.setTimeout(120_000);
      await openSheets(page, staff);
      // That format cannot hold ₹, so Excel writes what the sheet had as "Rs.".
      const text = `${(await live(staff.contentDir, 'pre-rented.csv'))
        .replace(/^\uFEFF/, '')
        .replaceAll('₹', 'Rs. ')
        .trimEnd()}\r\nCafé Noir,Vatika – Tower B,Golf Course Road,Retail,1200,,9,3,"Rs. 60,000",,6,5% every year — fixed,,pre-rented/sbi-bank-1.jpg,no\r\n`;
      const bytes = iconv.encode(text, 'windows-1252');
      expect(iconv.decode(bytes, 'windows-1252')).toBe(text);
      await upload(
        page,
        page.getByRole('button', { name: 'Upload', exact: true }).first(),
        'pre-rented.csv',
        bytes,
      );
      // Read as Windows-1252, it is a good sheet: "Rs." amounts are amounts.
      await expect(page.getByRole('status')).toHaveText(/^No problems: ready to preview and publish/);
      const added = page
        .getByRole('table', { name: 'What publishing changes in pre-rented.csv' })
        .getByRole('row', { name: /^Added/ });
      await expect(added).toHaveCount(1);
      await expect(added.getByRole('cell', { name: 'Café Noir', exact: true })).toBeVisible();
      await expect(added.getByRole('cell', { name: 'Vatika – Tower B', exact: true })).toBeVisible();
      await expect(added.getByRole('cell', { name: '5% every year — fixed', exact: true })).toBeVisible();
    });
  });
