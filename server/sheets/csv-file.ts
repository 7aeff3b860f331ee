/**
 * A sheet file as cells and back: read with the pipeline's own CSV reader, and
 * written in the style of the live file (byte-order mark, line endings), so a
 * published upload changes in git only the rows that changed.
 */
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { readCsv } from '../../pipeline/sheets/read-csv';
import type { Problem } from '../../pipeline/sheets/problem';

export interface CsvStyle {
  readonly bom: boolean;
  readonly newline: '\r\n' | '\n';
}

/** The style new files get: what Excel's "CSV UTF-8" writes. */
const EXCEL_STYLE: CsvStyle = { bom: true, newline: '\r\n' };

export function styleOf(bytes: Uint8Array | null): CsvStyle {
  if (bytes === null || bytes.length === 0) return EXCEL_STYLE;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const lf = bytes.indexOf(0x0a);
  return { bom, newline: lf > 0 && bytes[lf - 1] === 0x0d ? '\r\n' : '\n' };
}

/** The cells of a CSV file, header row first; `problems` is non-empty when it cannot be read whole. */
export function csvRecords(sheet: string, bytes: Uint8Array): { records: string[][]; problems: Problem[] } {
  const records: string[][] = [];
  const { problems } = readCsv(sheet, bytes, (cells) => records.push(cells));
  return { records, problems };
}

export function writeCsv(records: readonly (readonly string[])[], style: CsvStyle): Uint8Array {
  const text = Papa.unparse(records as string[][], { newline: style.newline, quotes: false });
  return new TextEncoder().encode(`${style.bom ? '\uFEFF' : ''}${text}${style.newline}`);
}

/**
 * The version of a sheet file: git's blob id of its bytes, so the version a
 * download was made from can be found again in the checkout's history.
 */
export function sheetVersion(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
