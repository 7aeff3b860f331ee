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
  /** Whether the last row ends with a line break too. */
  readonly finalNewline: boolean;
  /** The live rows as written in the file, by their cells: an unchanged row is written back as it was. */
  readonly lines: ReadonlyMap<string, string>;
}

/** The style new files get: what Excel's "CSV UTF-8" writes. */
const EXCEL_STYLE: CsvStyle = { bom: true, newline: '\r\n', finalNewline: true, lines: new Map() };

const rowKey = (cells: readonly string[]) => JSON.stringify(cells);

export function styleOf(sheet: string, bytes: Uint8Array | null): CsvStyle {
  if (bytes === null || bytes.length === 0) return EXCEL_STYLE;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const lf = bytes.indexOf(0x0a);
  const lines = new Map<string, string>();
  readCsv(sheet, bytes, (cells, text, start, end) => lines.set(rowKey(cells), text.slice(start, end)));
  return { bom, newline: lf > 0 && bytes[lf - 1] === 0x0d ? '\r\n' : '\n', finalNewline: bytes.at(-1) === 0x0a, lines };
}

/** The cells of a CSV file, header row first; `problems` is non-empty when it cannot be read whole. */
export function csvRecords(sheet: string, bytes: Uint8Array): { records: string[][]; problems: Problem[] } {
  const records: string[][] = [];
  const { problems } = readCsv(sheet, bytes, (cells) => records.push(cells));
  return { records, problems };
}

export function writeCsv(records: readonly (readonly string[])[], style: CsvStyle): Uint8Array {
  const lines = records.map(
    (cells) => style.lines.get(rowKey(cells)) ?? Papa.unparse([cells as string[]], { newline: style.newline, quotes: false }),
  );
  const text = `${style.bom ? '\uFEFF' : ''}${lines.join(style.newline)}${style.finalNewline ? style.newline : ''}`;
  return new TextEncoder().encode(text);
}

/**
 * The version of a sheet file: git's blob id of its bytes, so the version a
 * download was made from can be found again in the checkout's history.
 */
export function sheetVersion(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
