/**
 * Why an upload is not read at all, in words a sales person can act on.
 * Nothing is written when an upload is refused; problems in the cells of a
 * readable sheet are the pipeline's to report, not these.
 */
import type { UploadRefused } from '../../src/schema/staff-sheets';
import {
  MAX_CELL_CHARACTERS,
  MAX_COLUMNS,
  MAX_PACKING_RATIO,
  MAX_ROWS,
  MAX_SHEET_BYTES,
  MAX_SHEET_CHARACTERS,
  MAX_UNPACKED_BYTES,
  READ_MEMORY_LIMIT_MB,
  READ_TIME_LIMIT_MS,
} from './upload-limits';

export { MAX_SHEET_BYTES } from './upload-limits';

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0))} MB`;
const count = (n: number) => n.toLocaleString('en-IN');

/** Why a workbook packed that way is not opened: what it unpacks to would stop the service for everyone. */
const REPACK = 'Excel and Google Sheets never save a sheet like this. Open it in one of them, save it again as .xlsx, and upload that file.';

const SAVE_AS = 'Save it from Excel or Google Sheets as .xlsx, or as CSV, and upload that file.';

export const refuse = {
  empty: (name: string) => ({ code: 'empty', message: `"${name}" is empty: there is nothing in it to read. ${SAVE_AS}` }),
  tooLarge: (name: string, bytes: number) => ({
    code: 'too-large',
    message: `"${name}" is ${megabytes(bytes)}; a sheet can be at most ${megabytes(MAX_SHEET_BYTES)}. Check that you chose the right file: pictures go in with "Upload" under Pictures, not inside a sheet.`,
  }),
  notSpreadsheet: (name: string) => ({
    code: 'not-spreadsheet',
    message: `"${name}" is not a spreadsheet. Upload the sheet as an Excel file (.xlsx) or as CSV (.csv).`,
  }),
  oldExcel: (name: string) => ({
    code: 'old-excel',
    message: `"${name}" is in the old Excel 97–2003 format (.xls), which the site does not read. In Excel choose File › Save As › "Excel Workbook (*.xlsx)" and upload that file.`,
  }),
  unknownSheet: (name: string, sheets: readonly string[]) => ({
    code: 'unknown-sheet',
    message: `"${name}" is not named like any sheet, so it is not clear which sheet it replaces. Upload it from that sheet's page, or name the file after the sheet, e.g. ${sheets.slice(0, 2).join(' or ')}.`,
  }),
  unreadableXlsx: (name: string) => ({
    code: 'unreadable-xlsx',
    message: `"${name}" cannot be opened as an Excel workbook; it may be damaged, or another program's file renamed to .xlsx. Open it in Excel or Google Sheets and save it again as .xlsx.`,
  }),
  severalSheets: (names: readonly string[]) => ({
    code: 'several-sheets',
    message: `This workbook has ${names.length} sheets (${names.join(', ')}); the site takes one sheet per file, so it cannot tell which one to publish. Delete the other sheets (right-click the tab › Delete), or copy the cells into a new workbook, and upload again.`,
  }),
  formula: (cell: string, formula: string) => ({
    code: 'formula',
    message: `Cell ${cell} holds a formula (=${formula}). The website shows what is written in a cell, not what a formula works out. Replace the formula by its result (copy the cell, then Paste Special › Values) and upload again.`,
  }),
  merged: (range: string) => ({
    code: 'merged-cells',
    message: `Cells ${range} are merged into one. Every row of a sheet needs its own cell in every column: select them, choose "Unmerge cells", fill in each cell and upload again.`,
  }),
  date: (cell: string, shown: string, serial: number) => ({
    code: 'date',
    message: `Cell ${cell} holds a date (${shown}), which Excel keeps as the number ${serial}. No column of the sheets takes a date, so Excel probably changed what was typed (such as 9/3 or 3-5) into one. Format the column as Text, type the cell again, and upload again.`,
  }),
  cellError: (cell: string, error: string) => ({
    code: 'cell-error',
    message: `Cell ${cell} shows the error ${error}. Correct or empty that cell and upload again.`,
  }),
  noHeader: (sheet: string) => ({
    code: 'empty',
    message: `There is nothing in this file: not even row 1 with the column names of ${sheet}. Download the sheet again, fill it in and upload it.`,
  }),
  headerChanged: (sheet: string, differences: readonly string[]) => ({
    code: 'header-changed',
    message: `Row 1 of the upload does not hold the column names of ${sheet}: ${differences.join('; ')}. Row 1 must stay as it is in the download. Put the names back as they were (or download the sheet again) and upload again.`,
  }),
  unpackedTooLarge: (name: string, bytes: number) => ({
    code: 'too-large-unpacked',
    message: `"${name}" unpacks to ${megabytes(bytes)}; a workbook can unpack to at most ${megabytes(MAX_UNPACKED_BYTES)}. A sheet of 10,000 rows unpacks to about 6 MB. Check that you chose the right file; if you did, copy just the sheet's cells into a new workbook, save it as .xlsx and upload that file.`,
  }),
  packedTooTightly: (name: string, part: string, ratio: number) => ({
    code: 'packed-too-tightly',
    message: `"${name}" holds a part (${part}) that unpacks to ${count(Math.round(ratio))} times its size; a workbook's parts can unpack to at most ${count(MAX_PACKING_RATIO)} times. ${REPACK}`,
  }),
  tooManyRows: (name: string, rows: number) => ({
    code: 'too-many-rows',
    message: `"${name}" has ${count(rows)} rows below its header; a sheet can have at most ${count(MAX_ROWS)}. If it should have fewer, something is written far down the sheet: select the rows below your last one, delete them (right-click › Delete) and upload again.`,
  }),
  tooManyColumns: (name: string, columns: number) => ({
    code: 'too-many-columns',
    message: `"${name}" has ${count(columns)} columns; a sheet can have at most ${count(MAX_COLUMNS)}. If it should have fewer, something is written far to the right: select the columns after the sheet's last one, delete them (right-click › Delete) and upload again.`,
  }),
  cellTooLong: (cell: string, characters: number) => ({
    code: 'cell-too-long',
    message: `Cell ${cell} holds ${count(characters)} characters; a cell can hold at most ${count(MAX_CELL_CHARACTERS)}. Shorten it and upload again.`,
  }),
  tooMuchText: (name: string, characters: number) => ({
    code: 'too-much-text',
    message: `The cells of "${name}" hold ${count(characters)} characters in all; a sheet can hold at most ${count(MAX_SHEET_CHARACTERS)}. Check that you chose the right file, and remove what the sheet does not need.`,
  }),
  tooSlow: (name: string) => ({
    code: 'too-slow',
    message: `"${name}" took more than ${READ_TIME_LIMIT_MS / 1000} seconds to read and was stopped, so that the site stays quick for everyone. A sheet takes a few seconds at most: save it again from Excel or Google Sheets, without what the sheet does not need, and upload that file.`,
  }),
  tooMuchMemory: (name: string) => ({
    code: 'too-much-memory',
    message: `"${name}" needed more than ${READ_MEMORY_LIMIT_MB} MB of memory to read and was stopped, so that the site stays quick for everyone. A sheet needs far less: save it again from Excel or Google Sheets, without what the sheet does not need, and upload that file.`,
  }),
  unreadableCsv: (line: number) => ({
    code: 'unreadable-csv',
    message: `Line ${line} of the file has a quote (") that is opened and never closed, so the rest of the file cannot be read as cells. Close the quote, or save the file again from Excel or Google Sheets.`,
  }),
} satisfies Record<string, (...args: never[]) => { code: string; message: string }>;

export const refusal = ({ code, message }: { code: string; message: string }): UploadRefused => ({
  status: 'refused',
  code,
  message,
});
