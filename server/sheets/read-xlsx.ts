/**
 * An Excel workbook uploaded as a sheet: one worksheet of plain values. What
 * a spreadsheet program shows but the site cannot publish (several sheets,
 * formulas, merged cells, dates) is refused with the cell to look at, and so
 * is one past the upload limits: its packing is checked before it is opened.
 * Runs in the upload worker (read-off-thread.ts), never on the service's thread.
 */
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { columnLetter } from '../../pipeline/sheets/problem';
import { refuse } from './refusals';
import { RATIO_FROM_BYTES, MAX_PACKING_RATIO, MAX_UNPACKED_BYTES } from './upload-limits';
import { recordsRefusal, sizeRefusal } from './sheet-limits';

export type ReadXlsx =
  | { records: string[][]; sheet: string | null; version: string | null }
  | { refusal: { code: string; message: string } };

/** What the download writes in the workbook's Keywords property: the sheet and the live version it was made from. */
const MARK = /^site-sheet:([\w.-]+)@([0-9a-f]{40})$/;

export const downloadMark = (sheet: string, version: string) => `site-sheet:${sheet}@${version}`;

/** A number as a person would type it: no exponent, no binary fraction noise (0.1 + 0.2). */
const numberText = (value: number): string =>
  Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));

/** Excel counts days from 30 December 1899. */
const excelSerial = (date: Date) => Math.round((date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000);

type CellOutcome = { text: string } | { refusal: { code: string; message: string } };

function cellText(cell: ExcelJS.Cell, address: string): CellOutcome {
  const value = cell.value;
  switch (cell.type) {
    case ExcelJS.ValueType.Null:
      return { text: '' };
    case ExcelJS.ValueType.Number:
      return { text: numberText(value as number) };
    case ExcelJS.ValueType.Boolean:
      return { text: value === true ? 'yes' : 'no' };
    case ExcelJS.ValueType.Date: {
      const date = value as Date;
      const shown = date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      return { refusal: refuse.date(address, shown, excelSerial(date)) };
    }
    case ExcelJS.ValueType.Formula:
      return { refusal: refuse.formula(address, cell.formula) };
    case ExcelJS.ValueType.Error:
      return { refusal: refuse.cellError(address, (value as ExcelJS.CellErrorValue).error) };
    case ExcelJS.ValueType.RichText:
      return { text: (value as ExcelJS.CellRichTextValue).richText.map((run) => run.text).join('') };
    case ExcelJS.ValueType.Hyperlink: {
      const link = value as ExcelJS.CellHyperlinkValue;
      return { text: typeof link.text === 'string' ? link.text : link.hyperlink };
    }
    default:
      return { text: String(cell.text) };
  }
}

type Refused = { refusal: { code: string; message: string } };

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const MERGE = /<mergeCell\s+ref="([A-Z]+\d+:[A-Z]+\d+)"/;

/**
 * Refuses a workbook that unpacks too large or too tightly, by its parts'
 * sizes in the zip's directory; then unpacks each part, as yauzl stops a part
 * that unpacks to more than the directory says (exceljs's unzipping would
 * believe whatever it finds). Merged cells are refused here, before exceljs
 * makes every cell of the range: one merge over a million rows is a few bytes.
 */
async function checkPacking(name: string, buffer: Buffer): Promise<Refused | null> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  const entries: yauzl.Entry[] = [];
  let unpacked = 0;
  for await (const entry of zip.eachEntry()) {
    unpacked += entry.uncompressedSize;
    if (unpacked > MAX_UNPACKED_BYTES) return { refusal: refuse.unpackedTooLarge(name, unpacked) };
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize >= RATIO_FROM_BYTES && ratio > MAX_PACKING_RATIO) {
      return { refusal: refuse.packedTooTightly(name, entry.fileName, ratio) };
    }
    entries.push(entry);
  }
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    const isWorksheet = WORKSHEET.test(entry.fileName);
    let tail = '';
    for await (const chunk of await zip.openReadStreamPromise(entry)) {
      if (!isWorksheet) continue;
      const text = tail + (chunk as Buffer).toString('latin1');
      const merged = MERGE.exec(text)?.[1];
      if (merged !== undefined) return { refusal: refuse.merged(merged) };
      tail = text.slice(-64);
    }
  }
  return null;
}

export async function readXlsx(name: string, bytes: Uint8Array): Promise<ReadXlsx> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const workbook = new ExcelJS.Workbook();
  try {
    const packing = await checkPacking(name, buffer);
    if (packing !== null) return packing;
    await workbook.xlsx.load(buffer as never);
  } catch {
    return { refusal: refuse.unreadableXlsx(name) };
  }
  const sheets = workbook.worksheets;
  const worksheet = sheets[0];
  if (worksheet === undefined) return { refusal: refuse.empty(name) };
  if (sheets.length > 1) return { refusal: refuse.severalSheets(sheets.map((sheet) => sheet.name)) };
  const merged = (worksheet.model as { merges?: string[] }).merges ?? [];
  if (merged[0] !== undefined) return { refusal: refuse.merged(merged[0]) };

  // Both counts are read once: exceljs works out columnCount by visiting every row.
  const rowCount = worksheet.rowCount;
  const columnCount = worksheet.columnCount;
  const outsize = sizeRefusal(name, rowCount, columnCount);
  if (outsize !== null) return { refusal: outsize };
  const records: string[][] = [];
  for (let r = 1; r <= rowCount; r++) {
    const row = worksheet.findRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= columnCount; c++) {
      const cell = row?.findCell(c);
      const outcome = cell === undefined ? { text: '' } : cellText(cell, `${columnLetter(c - 1)}${r}`);
      if ('refusal' in outcome) return outcome;
      cells.push(outcome.text);
    }
    records.push(cells);
  }
  const outsized = recordsRefusal(name, records);
  if (outsized !== null) return { refusal: outsized };
  const mark = MARK.exec(workbook.keywords ?? '');
  return { records, sheet: mark?.[1] ?? null, version: mark?.[2] ?? null };
}
