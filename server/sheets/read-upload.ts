/**
 * An uploaded file, .xlsx or CSV, read into the cells of the sheet it
 * replaces, or refused with the reason. Which sheet: the one the file is named
 * after (pre-rented.csv, "pre-rented (2).xlsx"), else the one the download's
 * mark names, else the one it was uploaded on.
 */
import { normaliseHeader } from '../../pipeline/sheets/header-row';
import { columnLetter, type Problem } from '../../pipeline/sheets/problem';
import type { CsvEncoding } from './decode-csv';
import { readOffThread } from './read-off-thread';
import { refuse } from './refusals';
import { MAX_SHEET_BYTES } from './upload-limits';

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
  const read = await readOffThread({ name, bytes, isXlsx, csvSheet: named ?? upload.chosen ?? name });
  if ('refusal' in read) return read;
  const marked = read.marked.sheet;
  const sheet = named ?? (marked !== null && sheets.includes(marked) ? marked : upload.chosen);
  if (sheet === null || !sheets.includes(sheet)) return { refusal: refuse.unknownSheet(name, sheets) };

  const records = read.records;
  const header = records[0];
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    return { refusal: read.problems.length > 0 ? refuse.unreadableCsv(read.problems[0]?.row ?? 1) : refuse.noHeader(sheet) };
  }
  const live = await liveHeader(sheet);
  const differences = live === null ? [] : headerDifferences(header, live);
  if (differences.length > 0) return { refusal: refuse.headerChanged(sheet, differences) };
  return { sheet, records, problems: read.problems, version: read.marked.version, format: read.format };
}
