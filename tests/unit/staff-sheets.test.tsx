// @vitest-environment jsdom
/**
 * The Sheets screens' review of an upload, as staff read it: each problem at
 * its spreadsheet row and column with the bad cell marked, the change as rows,
 * Publish refused while an error is left, and the warning that the sheet
 * changed since it was downloaded.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { intoPreview } from '../../server/sheets/preview-site';
import type { UploadResult } from '../../src/schema/staff-sheets';
import { UploadReview } from '../../src/staff/sheets/UploadReview';

afterEach(cleanup);

const header = ['tenant', 'building', 'rent'];
const checked = (over: Partial<Extract<UploadResult, { status: 'checked' }>>): UploadResult => ({
  status: 'checked',
  sheet: 'pre-rented.csv',
  rows: [
    { row: 1, cells: header },
    { row: 2, cells: ['SBI Bank', 'Vatika', '2O8439'] },
    { row: 3, cells: ['NYKAA', 'Global Foyer', '8,28,009'] },
  ],
  letters: ['A', 'B', 'C'],
  problems: [],
  diff: { header, changes: [] },
  conflicts: [],
  changedSinceDownload: null,
  draftId: 'd1',
  ...over,
});

function show(result: UploadResult) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UploadReview fileName="pre-rented.xlsx" result={result} onPublished={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('the review of an upload', () => {
  it('marks the bad cell at its row and column and refuses Publish', () => {
    show(
      checked({
        draftId: null,
        problems: [
          {
            sheet: 'pre-rented.csv',
            row: 2,
            column: 'C',
            field: 'rent',
            severity: 'error',
            message: '"2O8439" is not an amount.',
            value: '2O8439',
          },
        ],
      }),
    );
    const bad = screen.getByRole('cell', { name: /^Problem 1: ?2O8439$/ });
    expect(within(bad.closest('tr') as HTMLElement).getByRole('rowheader').textContent).toBe('2');
    expect(screen.getByRole('listitem').textContent).toBe(
      'pre-rented.csv, row 2, column C (rent): "2O8439" is not an amount.',
    );
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toMatch(/^1 problem to put right/);
  });

  it('lists what stops Publish first, each linked to its cell, and folds the other sheets’ problems', () => {
    const problem = (sheet: string, severity: 'error' | 'warning', row: number, message: string) => ({
      sheet,
      row,
      column: 'C',
      field: 'rent',
      severity,
      message,
      value: '',
    });
    show(
      checked({
        draftId: null,
        problems: [
          problem('projects.csv', 'warning', 2, 'Other sheet, warning.'),
          problem('pre-rented.csv', 'warning', 3, 'This sheet, warning.'),
          problem('home-pre-rented.csv', 'error', 4, 'Other sheet, error.'),
          problem('pre-rented.csv', 'error', 2, 'This sheet, error.'),
        ],
      }),
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/^.*: /, ''))).toEqual([
      'This sheet, error.',
      'This sheet, warning.',
      'Other sheet, error.',
      'Other sheet, warning.',
    ]);
    expect(screen.getByText('Other sheets: 2 problems').closest('details')?.open).toBe(false);
    const first = screen.getByRole('cell', { name: /^Problem 1: ?2O8439$/ });
    expect(
      screen.getByRole('link', { name: 'pre-rented.csv, row 2, column C (rent)' }).getAttribute('href'),
    ).toBe(`#${first.id}`);
    expect(screen.getByRole('cell', { name: /^Problem 2: ?8,28,009$/ })).toBeTruthy();
  });

  it('shows a changed row with the old and new value of the changed cell', () => {
    show(
      checked({
        diff: {
          header,
          changes: [
            {
              change: 'changed',
              before: { row: 2, cells: ['SBI Bank', 'Vatika', '₹2,08,439'] },
              after: { row: 2, cells: ['SBI Bank', 'Vatika', '215000'] },
              cells: [2],
            },
          ],
        },
      }),
    );
    const row = screen.getByRole('rowheader', { name: 'Changed row 2' }).closest('tr') as HTMLElement;
    expect(row.querySelector('del')?.textContent).toBe('₹2,08,439');
    expect(row.querySelector('ins')?.textContent).toBe('215000');
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', false);
  });

  it('says the sheet changed since it was downloaded, and shows that change', () => {
    show(
      checked({
        changedSinceDownload: {
          header,
          changes: [
            {
              change: 'added',
              before: null,
              after: { row: 4, cells: ['ICICI', 'Plaza', '95,340'] },
              cells: [],
            },
          ],
        },
      }),
    );
    expect(document.body.textContent).toContain('This sheet changed since you downloaded it.');
    expect(screen.getByRole('table', { name: 'Published by colleagues since your download' })).toBeTruthy();
  });

  it('shows a cell a colleague changed too with both values, and holds Publish until one is chosen', () => {
    show(
      checked({
        conflicts: [
          {
            sheet: 'pre-rented.csv',
            key: 'SBI Bank\u001fVatika\u001f0',
            label: 'SBI Bank · Vatika',
            column: 'rent',
            row: 2,
            letter: 'C',
            base: '2,08,439',
            yours: '2,15,000',
            theirs: '2,10,000',
            by: 'Vikram Sethi',
            at: '2026-11-25T07:00:00Z',
          },
        ],
      }),
    );
    const group = screen.getByRole('group', { name: 'pre-rented.csv, cell C2: rent of SBI Bank · Vatika' });
    expect(within(group).getByRole('radio', { name: /^Theirs: 2,10,000 \(Vikram Sethi, / })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    within(group).getByRole('radio', { name: 'Yours: 2,15,000' }).click();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', false);
  });

  it('gives the reason of a refused upload and says nothing changed', () => {
    show({ status: 'refused', code: 'formula', message: 'Cell I2 holds a formula (=E2*46).' });
    expect(screen.getByRole('alert').textContent).toBe('Cell I2 holds a formula (=E2*46).');
    expect(screen.getByText('Nothing was changed.')).toBeTruthy();
  });
});

describe('the preview of a draft', () => {
  it('points the links, pictures and scripts of a page into the preview', () => {
    const page =
      '<a href="/projects">P</a><img src="/media/a.jpg" srcset="/media/a-400.avif 400w, /media/a-800.avif 800w">' +
      '<script src="/assets/x.js"></script><a href="https://example.com/">x</a><a href="//cdn.example/">y</a>';
    expect(intoPreview(page, '/staff/preview/d1')).toBe(
      '<a href="/staff/preview/d1/projects">P</a><img src="/staff/preview/d1/media/a.jpg" srcset="/staff/preview/d1/media/a-400.avif 400w, /staff/preview/d1/media/a-800.avif 800w">' +
        '<script src="/staff/preview/d1/assets/x.js"></script><a href="https://example.com/">x</a><a href="//cdn.example/">y</a>',
    );
  });

  it("points the boot script at the preview's own page data, script and stylesheet", () => {
    const boot =
      '<script data-entry="/assets/entry.js" data-payload="/assets/pages/5664bbc38093296d.json" data-stylesheet="/assets/rest.css" data-fonts="[]"></script>';
    expect(intoPreview(boot, '/staff/preview/d1')).toBe(
      '<script data-entry="/staff/preview/d1/assets/entry.js" data-payload="/staff/preview/d1/assets/pages/5664bbc38093296d.json" data-stylesheet="/staff/preview/d1/assets/rest.css" data-fonts="[]"></script>',
    );
  });

  it('says at the top of each page that it is a preview, not the live site', () => {
    const html = intoPreview('<html><body class="home"><main>Home</main></body></html>', '/staff/preview/d1');
    expect(html).toMatch(
      /^<html><body class="home"><p role="note" style="[^"]+">Preview: not the live site<\/p><main>/,
    );
  });
});
