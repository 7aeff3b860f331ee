/**
 * An Excel workbook uploaded as a sheet: one worksheet of plain values. What
 * a spreadsheet program shows but the site cannot publish (several sheets,
 * formulas, merged cells, dates) is refused with the cell to look at.
 */
import ExcelJS from 'exceljs';
import { columnLetter } from '../../pipeline/sheets/problem';
import { refuse } from './refusals';

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

export async function readXlsx(name: string, bytes: Uint8Array): Promise<ReadXlsx> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return { refusal: refuse.unreadableXlsx(name) };
  }
  const sheets = workbook.worksheets;
  const worksheet = sheets[0];
  if (worksheet === undefined) return { refusal: refuse.empty(name) };
  if (sheets.length > 1) return { refusal: refuse.severalSheets(sheets.map((sheet) => sheet.name)) };
  const merged = (worksheet.model as { merges?: string[] }).merges ?? [];
  if (merged[0] !== undefined) return { refusal: refuse.merged(merged[0]) };

  const records: string[][] = [];
  for (let r = 1; r <= worksheet.rowCount; r++) {
    const row = worksheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= worksheet.columnCount; c++) {
      const outcome = cellText(row.getCell(c), `${columnLetter(c - 1)}${r}`);
      if ('refusal' in outcome) return outcome;
      cells.push(outcome.text);
    }
    records.push(cells);
  }
  const mark = MARK.exec(workbook.keywords ?? '');
  return { records, sheet: mark?.[1] ?? null, version: mark?.[2] ?? null };
}
