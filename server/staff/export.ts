/**
 * The inbox's exports, CSV and Excel, of whatever the filter matches: written
 * as the rows are read, a thousand at a time, and read only as fast as the
 * client takes them, so that 50,000 leads never sit in memory at once. The
 * columns are `npm run leads`'s, then the inbox's own.
 */
import ExcelJS from 'exceljs';
import type { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { SALES_EMAIL_LABELS, STATUS_LABELS } from '../../src/data/staff';
import { indiaTimestamp } from '../../src/forms/india-time';
import type { InboxFilter } from '../../src/schema/staff';
import type { Sql } from '../db/database';
import type { Column } from '../leads/columns';
import { CSV_BOM, csvLines, ENQUIRY_COLUMNS, ENQUIRY_ID_COLUMN } from '../leads/columns';
import type { ExportRow, Present } from './inbox-store';
import { inboxRows } from './inbox-store';

const COLUMNS: Column<ExportRow>[] = [
  ...ENQUIRY_COLUMNS,
  ['Status', (row) => STATUS_LABELS[row.status]],
  ['Owner', (row) => row.ownerName ?? ''],
  ['Follow-up', (row) => row.followUp ?? ''],
  ['Sales email', (row) => SALES_EMAIL_LABELS[row.salesEmail]],
  ['Notes', (row) => row.notes],
  ENQUIRY_ID_COLUMN,
];

/**
 * The date columns as Excel dates (a number Excel sorts and filters by date), not text: Excel
 * knows no time zones, so a moment is written as its clock time in India.
 */
const XLSX_DATES: Record<string, { of: (row: ExportRow) => Date | null; numFmt: string }> = {
  'Received (IST)': {
    of: (row) => new Date(`${indiaTimestamp(new Date(row.receivedAt)).slice(0, 19)}Z`),
    numFmt: 'yyyy-mm-dd hh:mm',
  },
  'Follow-up': {
    of: (row) => (row.followUp === null ? null : new Date(`${row.followUp}T00:00:00Z`)),
    numFmt: 'yyyy-mm-dd',
  },
};

/** A cell of the .xlsx: a date column's Date, every other column its text. */
const xlsxCell = (row: ExportRow, [heading, cell]: Column<ExportRow>) => {
  const date = XLSX_DATES[heading];
  return date === undefined ? cell(row) : date.of(row);
};

/**
 * The export's file name says what it holds: the day, then each filter (`enquiries-2026-11-27`,
 * `enquiries-2026-11-27-due-overdue-status-contacted-project-paras-floret`).
 */
export function exportName(filter: InboxFilter, day: string, kind: 'csv' | 'xlsx'): string {
  const parts = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key === 'q' ? 'search' : key}-${String(value)}`);
  const slug = [`enquiries-${day}`, ...parts]
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
    .replace(/-$/, '');
  return `${slug}.${kind}`;
}

/**
 * A response body that asks `chunks` for its next chunk only when the client reads on, and
 * stops them when the client goes away. (Readable.toWeb would read a slow client's export
 * ahead into its own queue.)
 */
function pulled(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done === true) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: async () => void (await chunks.return?.()),
    },
    { highWaterMark: 0 },
  );
}

/** The CSV, UTF-8 with a byte-order mark for Excel: the next thousand rows are read when the client has taken the last. */
export function csvExport(sql: Sql, filter: InboxFilter, present: Present): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* lines() {
    yield encoder.encode(`${CSV_BOM}${csvLines(COLUMNS, [], true)}`);
    for await (const page of inboxRows(sql, filter))
      yield encoder.encode(csvLines(COLUMNS, page.map(present), false));
  }
  return pulled(lines());
}

/**
 * Resolves when the client has read what was written to `out` so far; false when it went
 * away instead. exceljs hands rows to its zip without waiting, and the zip compresses on
 * Node's thread pool: a turn of the event loop first lets it catch up, so that a client
 * that reads slowly shows as `out` waiting to drain.
 */
async function taken(out: PassThrough): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  if (!out.writableNeedDrain || out.destroyed) return !out.destroyed;
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve(!out.destroyed);
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Resolves when the workbook's zip (archiver, which reports its progress) has written every
 * entry exceljs queued before the sheet: rows written earlier would pile up in memory
 * behind them, unseen by `taken`.
 */
function sheetEntryOpen(workbook: ExcelJS.stream.xlsx.WorkbookWriter): Promise<void> {
  const { zip } = workbook as unknown as { zip: EventEmitter };
  return new Promise((resolve) => {
    const progress = ({ entries }: { entries: { total: number; processed: number } }) => {
      if (entries.processed < entries.total - 1) return;
      zip.off('progress', progress);
      resolve();
    };
    zip.on('progress', progress);
  });
}

/** Rows per read for the .xlsx: its zip keeps a few reads ahead of a slow client, so they are kept small. */
const XLSX_PAGE = 250;

/**
 * The .xlsx, by exceljs's streaming writer: each row is committed (written out and let go)
 * as soon as it is added, and the next page is read only once the client has taken the
 * zipped output so far (exceljs itself would buffer every row a slow client has not read).
 * Every cell is a text cell, never a formula, whatever it starts with, but for the dates,
 * which are Excel dates; the heading row is frozen and filters its columns.
 */
export function xlsxExport(sql: Sql, filter: InboxFilter, present: Present): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Enquiries', { views: [{ state: 'frozen', ySplit: 1 }] });
  // The heading row is a filter row: each column can be filtered and sorted in Excel.
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  sheet.columns = COLUMNS.map(([header]) => ({
    header,
    key: header,
    width: header === 'Details' || header === 'Notes' ? 40 : 20,
    ...(XLSX_DATES[header] === undefined ? {} : { style: { numFmt: XLSX_DATES[header].numFmt } }),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const opened = sheetEntryOpen(workbook);
  void (async () => {
    await opened;
    for await (const page of inboxRows(sql, filter, XLSX_PAGE)) {
      for (const row of page.map(present))
        sheet.addRow(COLUMNS.map((column) => xlsxCell(row, column))).commit();
      if (!(await taken(out))) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return pulled(out[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>);
}
