// @vitest-environment jsdom
/**
 * The Sheets screen against a recorded /staff/api/sheets: the list with its
 * downloads, an upload sent to the sheet it was picked for, a picture into its
 * folder (and the sheet upload that follows takes it along), and History's
 * Undo, which says what it changes and asks first.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, SheetSummary, UploadResult } from '../../src/schema/staff-sheets';
import { SheetsScreen } from '../../src/staff/sheets/SheetsScreen';

const SHEETS: SheetSummary[] = [
  {
    file: 'pre-rented.csv',
    description: 'One row per leased unit offered to investors.',
    rows: 65,
    lastChange: { author: 'Asha Rao', date: '2026-11-25T07:00:00Z', message: 'Rents for November' },
  },
];
const ENTRY: HistoryEntry = {
  id: 'c1',
  kind: 'publish',
  author: 'Asha Rao',
  at: '2026-11-25T07:00:00Z',
  message: 'SBI Bank rent from December',
  files: ['pre-rented.csv'],
  rows: [{ sheet: 'pre-rented.csv', added: 0, removed: 0, changed: 1 }],
  rolledBackBy: null,
  live: true,
  canUndo: true,
  push: { state: 'off', error: null },
};
const CHECKED: UploadResult = {
  status: 'checked',
  sheet: 'pre-rented.csv',
  rows: [{ row: 1, cells: ['tenant'] }],
  letters: ['A'],
  problems: [],
  diff: { header: ['tenant'], changes: [] },
  conflicts: [],
  changedSinceDownload: null,
  draftId: 'd2',
};

type Call = { path: string; method: string; body: unknown };
let calls: Call[];

function answer(path: string, method: string): unknown {
  if (method === 'GET' && path === '/staff/api/sheets') return SHEETS;
  if (path === '/staff/api/sheets/history') return [ENTRY];
  if (path === '/staff/api/sheets/upload') return CHECKED;
  if (method === 'GET' && path === '/staff/api/sheets/pictures')
    return [{ path: 'projects/tower-b.png', live: false }];
  if (path === '/staff/api/sheets/pictures')
    return {
      status: 'checked',
      path: 'projects/tower-b.png',
      uploadedAs: 'Tower B.png',
      width: 40,
      height: 30,
      replaces: false,
      warning: null,
      draftId: 'd1',
    };
  if (path === '/staff/api/sheets/plan/undo/c1')
    return {
      files: ['pre-rented.csv'],
      rows: ENTRY.rows,
      takesBack: [],
      blocked: [],
      pages: [
        { path: '/preRentedList/SBI Bank', change: 'changed' },
        { path: '/preRentedTable', change: 'changed' },
      ],
    };
  if (path === '/staff/api/sheets/undo') return { ...ENTRY, id: 'c2', kind: 'undo', message: 'Undo: SBI' };
  return { error: `no ${path}` };
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ path, method, body: init?.body });
      return new Response(JSON.stringify(answer(path, method)), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SheetsScreen />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const formOf = (call: Call | undefined) => call?.body as FormData;

describe('the Sheets screen', () => {
  it('lists each sheet with its description, rows, last change and downloads', async () => {
    const sheet = (await screen.findByRole('heading', { name: 'pre-rented.csv' })).closest(
      'li',
    ) as HTMLElement;
    expect(sheet.textContent).toContain('One row per leased unit offered to investors.');
    expect(sheet.textContent).toContain('65 rows · last changed by Asha Rao, 25 Nov 2026');
    expect(within(sheet).getByRole('link', { name: 'Download Excel' }).getAttribute('href')).toBe(
      '/staff/api/sheets/pre-rented.csv/download/xlsx',
    );
    expect(within(sheet).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/staff/api/sheets/pre-rented.csv/download/csv',
    );
  });

  it('sends a file picked on a sheet to that sheet, with the pictures uploaded before it', async () => {
    const pictureInput = document.querySelector('input[accept^=".jpg"]') as HTMLInputElement;
    fireEvent.change(pictureInput, { target: { files: [new File(['png'], 'tower-b.png')] } });
    expect(await screen.findByText(/Tower B\.png is now projects\/tower-b\.png \(40 × 30 px\)/)).toBeTruthy();
    expect(
      formOf(calls.find((call) => call.path.endsWith('/pictures') && call.method === 'POST')).get('folder'),
    ).toBe('projects');
    expect(await screen.findByRole('button', { name: 'Delete projects/tower-b.png' })).toBeTruthy();

    await screen.findByRole('heading', { name: 'pre-rented.csv' });
    const input = document.querySelector('input[data-sheet="pre-rented.csv"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'prices.xlsx')] } });
    expect(await screen.findByText('No problems: ready to preview and publish.')).toBeTruthy();
    const sent = formOf(calls.find((call) => call.path.endsWith('/upload')));
    expect([sent.get('sheet'), sent.get('draftId'), (sent.get('file') as File).name]).toEqual([
      'pre-rented.csv',
      'd1',
      'prices.xlsx',
    ]);
  });

  it('undoes a change from the History once the member confirms what it changes', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const entry = (await screen.findByText('SBI Bank rent from December')).closest('li') as HTMLElement;
    expect(entry.textContent).toContain('pre-rented.csv 1 changed');
    expect(entry.textContent).toContain('Live');
    fireEvent.click(within(entry).getByRole('button', { name: 'Undo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the undo' });
    expect(confirm.textContent).toContain(
      'Undo changes pre-rented.csv 1 changed. 2 pages of the website change. Every later change is kept.',
    );
    expect(within(confirm).getByText('/preRentedList/SBI Bank (changed)')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/undo'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Undo it' }));
    expect(await screen.findByText('Undo: SBI: done. The website shows it now.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/undo'))?.body).toBe(JSON.stringify({ changeId: 'c1' }));
  });
});
