/**
 * The inbox's exports, CSV and Excel, of whatever the filter matches: written
 * as the rows are read, a thousand at a time, so that 50,000 leads never sit
 * in memory at once. The columns are `npm run leads`'s, then the inbox's own.
 */
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import type { InboxFilter } from '../../src/schema/staff';
import type { Sql } from '../db/database';
import type { Column } from '../leads/columns';
import { CSV_BOM, csvLines, ENQUIRY_COLUMNS, ENQUIRY_ID_COLUMN } from '../leads/columns';
import type { ExportRow } from './inbox-store';
import { inboxRows } from './inbox-store';

const STATUS_NAMES: Record<ExportRow['status'], string> = {
  new: 'New',
  contacted: 'Contacted',
  'site-visit': 'Site visit',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

const COLUMNS: Column<ExportRow>[] = [
  ...ENQUIRY_COLUMNS,
  ['Status', (row) => STATUS_NAMES[row.status]],
  ['Owner', (row) => row.ownerName ?? ''],
  ['Follow-up', (row) => row.followUp ?? ''],
  ['Sales email sent', (row) => (row.emailed ? 'yes' : 'no')],
  ENQUIRY_ID_COLUMN,
];

/** The CSV, UTF-8 with a byte-order mark for Excel, as a stream. */
export function csvExport(sql: Sql, filter: InboxFilter): ReadableStream<Uint8Array> {
  async function* lines() {
    yield `${CSV_BOM}${csvLines(COLUMNS, [], true)}`;
    for await (const page of inboxRows(sql, filter)) yield csvLines(COLUMNS, page, false);
  }
  return Readable.toWeb(Readable.from(lines())) as ReadableStream<Uint8Array>;
}

/**
 * The .xlsx, by exceljs's streaming writer: each row is committed (written out and let go)
 * as soon as it is added. Every cell is a text cell, never a formula, whatever it starts with.
 */
export function xlsxExport(sql: Sql, filter: InboxFilter): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Enquiries', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(([header]) => ({ header, key: header, width: header === 'Details' ? 40 : 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const page of inboxRows(sql, filter))
      for (const row of page) sheet.addRow(COLUMNS.map(([, cell]) => cell(row))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
