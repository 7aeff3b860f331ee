/**
 * A sheet as an Excel workbook made for editing: the live cells under one
 * header row whose notes say what each column means and accepts (the same
 * words as sheets/README.md), drop-down lists where a column takes a fixed
 * set, rupees and areas as numbers with Indian digit grouping, the header
 * frozen. Its Keywords property records the sheet and the live version it was
 * made from, so an upload can tell when the sheet changed in the meantime.
 */
import ExcelJS from 'exceljs';
import type { ColumnDescription } from '../../pipeline/sheets-readme';
import { normaliseHeader } from '../../pipeline/sheets/header-row';
import { columnLetter } from '../../pipeline/sheets/problem';
import { parseMoney, parseNumber } from '../../src/schema/cells';
import { LIST_COLUMN_MARK } from './read-upload';
import { downloadMark } from './read-xlsx';

export interface WorkbookInput {
  readonly sheet: string;
  /** The live cells, header row first. */
  readonly records: readonly (readonly string[])[];
  readonly columns: readonly ColumnDescription[];
  /** The live file's version (`sheetVersion`). */
  readonly version: string;
  /** Names of the localities of localities.csv, offered in `locality` columns. */
  readonly localities: readonly string[];
  /** Files under sheets/images, offered in picture columns. */
  readonly pictures: readonly string[];
}

/** Rows below the data that get the drop-down lists too, for rows the sales person adds. */
const ROOM_TO_ADD = 500;
/** Excel refuses a list written in the rule itself once it is longer than this. */
const INLINE_LIST_MAX = 255;

/** ₹2,08,439 and ₹6,33,00,000: lakh and crore grouping. */
const RUPEES = '[>=10000000]"₹"##\\,##\\,##\\,##0;[>=100000]"₹"##\\,##\\,##0;"₹"#,##0';
const NUMBER_FORMATS: Readonly<Record<string, string>> = {
  'sq ft': '#,##0',
  'rupees per sq ft': '"₹"#,##0.00',
  year: '0',
};

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDE7DA' } };

function headerNote(column: ColumnDescription): string {
  const required = column.required ? 'Required: must be filled in on every row.' : 'Optional: may be left empty.';
  return `${column.meaning}\n\n${required}\nAccepts: ${column.accepted.replace(/`/g, '"')}.`;
}

/** The cell's value: a number where the column holds rupees or a quantity and the text reads as one. */
function cellValue(column: ColumnDescription | undefined, text: string): { value: string | number; format?: string } {
  if (column === undefined || text.trim() === '') return { value: text };
  if (column.converter === 'money' || column.converter === 'optionalMoney') {
    const rupees = parseMoney(text);
    return rupees === null ? { value: text } : { value: rupees, format: RUPEES };
  }
  if (column.converter === 'quantity' || column.converter === 'optionalQuantity') {
    const number = parseNumber(text, column.unit);
    if (number === null) return { value: text };
    const format = NUMBER_FORMATS[column.unit];
    return format === undefined ? { value: number } : { value: number, format };
  }
  return { value: text };
}

interface ListRule {
  readonly values: readonly string[];
  /** Whether a value outside the list is refused (stop) or only questioned. */
  readonly style: 'stop' | 'warning' | 'information';
  readonly message: string;
}

function listRule(column: ColumnDescription, input: WorkbookInput, texts: readonly string[]): ListRule | null {
  if (column.choices.length > 0) {
    return { values: column.choices, style: 'stop', message: `Choose one of: ${column.choices.join(', ')}.` };
  }
  if (column.converter === 'yesNo') return { values: ['yes', 'no'], style: 'stop', message: 'Write yes or no.' };
  if (column.name === 'locality' && input.localities.length > 0) {
    return {
      values: input.localities,
      style: 'information',
      message: 'Not a locality of localities.csv: fine for a place without its own page.',
    };
  }
  if (column.converter === 'imagePath' || column.converter === 'optionalImagePath') {
    const folders = new Set(texts.map((text) => text.trim().split('/')[0]).filter((folder) => folder !== ''));
    const pictures = input.pictures.filter((path) => folders.size === 0 || folders.has(path.split('/')[0] ?? ''));
    return {
      values: pictures,
      style: 'warning',
      message: 'No picture of this name is in sheets/images yet. Upload it under Pictures before publishing.',
    };
  }
  return null;
}

export async function sheetWorkbook(input: WorkbookInput): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Staff console';
  workbook.title = input.sheet;
  workbook.keywords = downloadMark(input.sheet, input.version);
  const worksheet = workbook.addWorksheet(input.sheet.replace(/\.csv$/, '').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const header = input.records[0] ?? [];
  const byField = new Map(input.columns.map((column) => [column.name, column]));
  const isSettings = input.sheet === 'settings.csv';
  const columnAt = (row: readonly string[], i: number) =>
    isSettings ? (i === 1 ? byField.get(normaliseHeader(row[0] ?? '')) : undefined) : byField.get(normaliseHeader(header[i] ?? ''));

  input.records.forEach((record, r) => {
    const row = worksheet.getRow(r + 1);
    record.forEach((text, i) => {
      const cell = row.getCell(i + 1);
      if (r === 0) {
        cell.value = text;
        return;
      }
      const { value, format } = cellValue(columnAt(record, i), text);
      cell.value = value;
      if (format !== undefined) cell.numFmt = format;
    });
  });

  const headerRow = worksheet.getRow(1);
  headerRow.font = { bold: true };
  header.forEach((name, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.fill = HEADER_FILL;
    const column = isSettings ? undefined : byField.get(normaliseHeader(name));
    if (column !== undefined) cell.note = headerNote(column);
    const widest = Math.max(...input.records.map((record) => (record[i] ?? '').length));
    worksheet.getColumn(i + 1).width = Math.min(60, Math.max(12, widest + 2));
  });
  if (isSettings) {
    headerRow.getCell(1).note = 'The name of the setting. Do not change it.';
    headerRow.getCell(2).note = "The setting's value: the note on each setting's name says what it means and accepts.";
    input.records.slice(1).forEach((record, r) => {
      const column = byField.get(normaliseHeader(record[0] ?? ''));
      if (column !== undefined) worksheet.getRow(r + 2).getCell(1).note = headerNote(column);
    });
  } else {
    addLists(worksheet, input, header);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function addLists(worksheet: ExcelJS.Worksheet, input: WorkbookInput, header: readonly string[]): void {
  const byField = new Map(input.columns.map((column) => [column.name, column]));
  const lastRow = input.records.length + ROOM_TO_ADD;
  let spare = header.length;
  header.forEach((name, i) => {
    const column = byField.get(normaliseHeader(name));
    const rule = column === undefined ? null : listRule(column, input, input.records.slice(1).map((row) => row[i] ?? ''));
    if (column === undefined || rule === null || rule.values.length === 0) return;
    const inline = `"${rule.values.join(',')}"`;
    let formula = inline;
    if (inline.length > INLINE_LIST_MAX || rule.values.some((value) => value.includes(','))) {
      // Longer lists live in a hidden column of the same sheet: a second sheet would make the file two sheets.
      spare += 1;
      const letter = columnLetter(spare - 1);
      worksheet.getCell(`${letter}1`).value = `${LIST_COLUMN_MARK} ${column.name}`;
      rule.values.forEach((value, v) => (worksheet.getCell(`${letter}${v + 2}`).value = value));
      worksheet.getColumn(spare).hidden = true;
      formula = `$${letter}$2:$${letter}$${rule.values.length + 1}`;
    }
    const validation: ExcelJS.DataValidation = {
      type: 'list',
      allowBlank: !column.required,
      formulae: [formula],
      showErrorMessage: true,
      errorStyle: rule.style,
      errorTitle: column.name,
      error: rule.message,
      showInputMessage: true,
      promptTitle: column.name,
      prompt: column.meaning.slice(0, 250),
    };
    for (let r = 2; r <= lastRow; r++) worksheet.getCell(r, i + 1).dataValidation = validation;
  });
}
