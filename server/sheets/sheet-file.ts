/**
 * The part of reading an upload that may take time and memory: unpacking and
 * reading a workbook, decoding and splitting a CSV file, and the upload limits
 * on its cells. Runs in the upload worker (read-off-thread.ts).
 */
import type { Problem } from '../../pipeline/sheets/problem';
import type { CsvEncoding } from './decode-csv';
import { decodeCsv } from './decode-csv';
import { LIST_COLUMN_MARK } from './read-upload';
import { readXlsx } from './read-xlsx';
import { recordsRefusal } from './sheet-limits';

export interface SheetFileRequest {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly isXlsx: boolean;
  /** The sheet a CSV file's problems are reported in. */
  readonly csvSheet: string;
}

export type SheetFile =
  | {
      /** Header row first. */
      records: string[][];
      problems: Problem[];
      /** The sheet and live version the download's mark names, if it has one. */
      marked: { sheet: string | null; version: string | null };
      format: 'xlsx' | CsvEncoding;
    }
  | { refusal: { code: string; message: string } };

/**
 * The cells without the download's list columns or trailing blank rows. A
 * workbook's rows are cut or padded to the header's width, as Excel would
 * save them as CSV; a CSV's rows stay as written, for the pipeline to judge.
 */
function tidy(records: string[][], isWorkbook: boolean): string[][] {
  const header = records[0] ?? [];
  const keep = header.map((cell, i) => (cell.startsWith(LIST_COLUMN_MARK) ? -1 : i)).filter((i) => i >= 0);
  let rows = keep.length === header.length ? records : records.map((row) => keep.map((i) => row[i] ?? ''));
  let last = rows.length;
  while (last > 0 && (rows[last - 1] ?? []).every((cell) => cell.trim() === '')) last--;
  rows = rows.slice(0, last);
  if (!isWorkbook) return rows;
  // Not Math.max(...rows): spread over 100,000 rows overflows the stack.
  let width = 0;
  for (const row of rows) width = Math.max(width, row.findLastIndex((cell) => cell !== '') + 1);
  return rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
}

export async function readSheetFile({ name, bytes, isXlsx, csvSheet }: SheetFileRequest): Promise<SheetFile> {
  if (isXlsx) {
    const workbook = await readXlsx(name, bytes);
    if ('refusal' in workbook) return workbook;
    const marked = { sheet: workbook.sheet, version: workbook.version };
    return { records: tidy(workbook.records, true), problems: [], marked, format: 'xlsx' };
  }
  const csv = decodeCsv(name, csvSheet, bytes);
  if ('refusal' in csv) return csv;
  const outsized = recordsRefusal(name, csv.records);
  if (outsized !== null) return { refusal: outsized };
  const marked = { sheet: null, version: null };
  return { records: tidy(csv.records, false), problems: csv.problems, marked, format: csv.encoding };
}
