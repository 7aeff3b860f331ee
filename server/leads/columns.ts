/**
 * The columns of an enquiry in a spreadsheet, shared by `npm run leads`'s CSV
 * and the staff console's CSV and Excel exports, so that both read alike.
 */
import Papa from 'papaparse';
import { indiaTimestamp } from '../../src/forms/india-time';
import type { StoredEnquiry } from './store';

/** What the columns read of an enquiry. */
export type SheetEnquiry = Pick<
  StoredEnquiry,
  | 'id'
  | 'kind'
  | 'form'
  | 'receivedAt'
  | 'name'
  | 'phone'
  | 'email'
  | 'project'
  | 'fields'
  | 'page'
  | 'referrer'
  | 'utm'
>;

export type Column<T> = [heading: string, cell: (row: T) => string];

/** The free text of an enquiry: a lead's remark, or a message's own words. */
const detailsOf = (enquiry: SheetEnquiry) =>
  enquiry.fields.remark ??
  enquiry.fields.message ??
  (enquiry.fields.user_years ? `${enquiry.fields.user_years} years` : '');

/** `2026-11-24 10:22`, India time: a form Excel and Google Sheets read as a date and time. */
const sheetTime = (iso: string) => indiaTimestamp(new Date(iso)).slice(0, 16).replace('T', ' ');

/** Every column but the last, the enquiry's id (ENQUIRY_ID_COLUMN), so others can add theirs before it. */
export const ENQUIRY_COLUMNS: Column<SheetEnquiry>[] = [
  ['Received (IST)', (e) => sheetTime(e.receivedAt)],
  ['Kind', (e) => (e.kind === 'lead' ? 'lead' : `message (${e.form})`)],
  ['Name', (e) => e.name],
  ['Phone', (e) => e.phone],
  ['Email', (e) => e.email],
  ['Project', (e) => (e.project === '-' ? '' : e.project)],
  ['Details', detailsOf],
  ['Page', (e) => e.page ?? ''],
  ['Came from', (e) => e.referrer ?? ''],
  [
    'Campaign',
    (e) =>
      Object.entries(e.utm ?? {})
        .map(([key, value]) => `${key}=${value}`)
        .join(' '),
  ],
];

export const ENQUIRY_ID_COLUMN: Column<SheetEnquiry> = ['Id', (e) => e.id];

/** The byte-order mark that makes Excel read a CSV as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * CSV lines for `rows` under `columns`, with cells a spreadsheet would run as a formula
 * (= + - @) made inert; with `heading`, the heading line first.
 */
export function csvLines<T>(columns: readonly Column<T>[], rows: readonly T[], heading: boolean): string {
  const text = Papa.unparse(
    { fields: columns.map(([name]) => name), data: rows.map((row) => columns.map(([, cell]) => cell(row))) },
    { escapeFormulae: true, newline: '\r\n', header: heading },
  );
  return text === '' || text.endsWith('\r\n') ? text : `${text}\r\n`;
}
