/**
 * The columns of an enquiry in a spreadsheet, shared by `npm run leads`'s CSV
 * and the staff console's CSV and Excel exports, so that both read alike.
 */
import Papa from 'papaparse';
import { withoutBidi } from '../../src/data/staff';
import { indiaTimestamp } from '../../src/forms/india-time';
import { readPhone } from '../../src/schema/contact';
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

/** STD codes of two digits (Delhi, Pune, Mumbai, Kolkata, Hyderabad, Chennai); most others have three. */
const TWO_DIGIT_STD = new Set(['11', '20', '22', '33', '40', '44']);

/**
 * A phone as a spreadsheet keeps it: written as it is dialled from India, starting with a digit
 * and holding a space (98110 22334, 011 4567 8901, 0044 20 7946 0958), so that Excel reads it
 * as text, neither a formula (+91…) nor a number that loses its leading 0. A number the forms'
 * rule does not read (stored before it) is kept as typed, and the formula guard applies to it.
 */
export function sheetPhone(typed: string): string {
  const number = readPhone(typed);
  if (number === null) return typed;
  const digits = number.e164.slice(1);
  const grouped = typed
    .trim()
    .replace(/[\s\-().]+/g, ' ')
    .replace(/^(?:\+91|\+|0)\s*/, '');
  if (number.kind === 'international') return grouped.includes(' ') ? `00${grouped}` : `00 ${digits}`;
  const national = digits.slice(2);
  if (number.kind === 'mobile') {
    const zero = typed.trim().startsWith('0') ? '0' : '';
    return `${zero}${national.slice(0, 5)} ${national.slice(5)}`;
  }
  // A landline keeps the groups its writer gave it: only they know where the STD code ends.
  if (grouped.includes(' ')) return `0${grouped}`;
  const std = TWO_DIGIT_STD.has(national.slice(0, 2)) ? 2 : 3;
  return `0${national.slice(0, std)} ${national.slice(std)}`;
}

/** Every column but the last, the enquiry's id (ENQUIRY_ID_COLUMN), so others can add theirs before it. */
export const ENQUIRY_COLUMNS: Column<SheetEnquiry>[] = [
  ['Received (IST)', (e) => sheetTime(e.receivedAt)],
  ['Kind', (e) => (e.kind === 'lead' ? 'lead' : `message (${e.form})`)],
  ['Name', (e) => e.name],
  ['Phone', (e) => sheetPhone(e.phone)],
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
 * Cells a spreadsheet could run as a formula (OWASP's CSV injection list): starting with = + - @,
 * a tab, a carriage return or a line feed, also after spaces or invisible characters (Excel and
 * LibreOffice skip them), and the fullwidth ＝ ＋ － ＠ that some spreadsheets read as their own.
 */
const FORMULA_START = /^(?:[\t\r\n]|[\s\u200B\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/**
 * CSV lines for `rows` under `columns`, with cells a spreadsheet would run as a formula
 * (FORMULA_START) made inert by a leading ' and bidirectional controls taken out of every
 * cell; with `heading`, the heading line first.
 */
export function csvLines<T>(columns: readonly Column<T>[], rows: readonly T[], heading: boolean): string {
  const text = Papa.unparse(
    {
      fields: columns.map(([name]) => name),
      data: rows.map((row) => columns.map(([, cell]) => withoutBidi(cell(row)))),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n', header: heading },
  );
  return text === '' || text.endsWith('\r\n') ? text : `${text}\r\n`;
}
