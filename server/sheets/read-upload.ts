/**
 * An uploaded file, .xlsx or CSV, read into the cells of the sheet it
 * replaces, or refused with the reason. Which sheet: the one the file is named
 * after (pre-rented.csv, "pre-rented (2).xlsx"), else the one the download's
 * mark names, else the one it was uploaded on.
 */
import { normaliseHeader } from '../../pipeline/sheets/header-row';
import { columnLetter, type Problem } from '../../pipeline/sheets/problem';
import type { CsvEncoding } from './decode-csv';
import { decodeCsv } from './decode-csv';
import { readXlsx } from './read-xlsx';
import { MAX_SHEET_BYTES, refuse } from './refusals';

/**
 * Header of the columns the Excel download adds, hidden, for its longer
 * drop-down lists; they are not part of the sheet and are dropped on upload.
 */
export const LIST_COLUMN_MARK = 'Drop-down list:';

export interface Upload {
  /** The file's name as the browser sent it. */
  readonly name: string;
  readonly bytes: Uint8Array;
  /** The sheet whose page it was uploaded on, if any. */
  readonly chosen: string | null;
}

export interface ReadUpload {
  readonly sheet: string;
  /** Header row first. */
  readonly records: string[][];
  /** Problems reading the file as the pipeline reads a sheet (a quote never closed). */
  readonly problems: Problem[];
  /** The live version the file was downloaded from, when it says. */
  readonly version: string | null;
  readonly format: 'xlsx' | CsvEncoding;
}

type Refused = { refusal: { code: string; message: string } };

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** The sheet a file name names: "pre-rented.csv", "Pre-Rented (1).xlsx" → pre-rented.csv. */
export function sheetNamed(name: string, sheets: readonly string[]): string | null {
  const stem = /^(.+?)(?:\s*\(\d+\))?\.(?:csv|xlsx|txt)$/i.exec(name.trim())?.[1]?.toLowerCase();
  return sheets.find((sheet) => sheet.replace(/\.csv$/, '') === stem) ?? null;
}

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
  const lastFilled = (row: readonly string[]) => row.findLastIndex((cell) => cell !== '') + 1;
  const width = Math.max(0, ...rows.map(lastFilled));
  return rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
}

function headerDifferences(uploaded: readonly string[], live: readonly string[]): string[] {
  const differences: string[] = [];
  for (let i = 0; i < Math.max(uploaded.length, live.length); i++) {
    const now = uploaded[i]?.trim() ?? '';
    const was = live[i]?.trim() ?? '';
    if (normaliseHeader(now) === normaliseHeader(was)) continue;
    const column = `column ${columnLetter(i)}`;
    if (was === '') differences.push(`${column} "${now}" is new`);
    else if (now === '') differences.push(`${column} should be "${was}" but is empty`);
    else differences.push(`${column} is "${now}" but should be "${was}"`);
  }
  return differences;
}

export async function readUpload(
  upload: Upload,
  sheets: readonly string[],
  liveHeader: (sheet: string) => Promise<readonly string[] | null>,
): Promise<ReadUpload | Refused> {
  const { name, bytes } = upload;
  if (bytes.length === 0) return { refusal: refuse.empty(name) };
  if (bytes.length > MAX_SHEET_BYTES) return { refusal: refuse.tooLarge(name, bytes.length) };
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (startsWith(bytes, OLE) || extension === 'xls') return { refusal: refuse.oldExcel(name) };
  const isXlsx = startsWith(bytes, ZIP);
  if (isXlsx ? extension !== 'xlsx' : !['csv', 'txt'].includes(extension)) {
    return { refusal: extension === 'xlsx' ? refuse.unreadableXlsx(name) : refuse.notSpreadsheet(name) };
  }

  const named = sheetNamed(name, sheets);
  let read: { records: string[][]; problems: Problem[]; version: string | null; format: ReadUpload['format'] };
  let sheet: string | null;
  if (isXlsx) {
    const workbook = await readXlsx(name, bytes);
    if ('refusal' in workbook) return workbook;
    sheet = named ?? (workbook.sheet !== null && sheets.includes(workbook.sheet) ? workbook.sheet : upload.chosen);
    read = { records: workbook.records, problems: [], version: workbook.version, format: 'xlsx' };
  } else {
    sheet = named ?? upload.chosen;
    const csv = decodeCsv(name, sheet ?? name, bytes);
    if ('refusal' in csv) return csv;
    read = { records: csv.records, problems: csv.problems, version: null, format: csv.encoding };
  }
  if (sheet === null || !sheets.includes(sheet)) return { refusal: refuse.unknownSheet(name, sheets) };

  const records = tidy(read.records, isXlsx);
  const header = records[0];
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    return { refusal: read.problems.length > 0 ? refuse.unreadableCsv(read.problems[0]?.row ?? 1) : refuse.noHeader(sheet) };
  }
  const live = await liveHeader(sheet);
  const differences = live === null ? [] : headerDifferences(header, live);
  if (differences.length > 0) return { refusal: refuse.headerChanged(sheet, differences) };
  return { sheet, records, problems: read.problems, version: read.version, format: read.format };
}
