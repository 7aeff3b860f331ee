/**
 * The upload limits on a sheet's cells, the same for a workbook and a CSV
 * file: rows, columns, one cell's length and all cells' text together.
 */
import { columnLetter } from '../../pipeline/sheets/problem';
import { refuse } from './refusals';
import { MAX_CELL_CHARACTERS, MAX_COLUMNS, MAX_ROWS, MAX_SHEET_CHARACTERS } from './upload-limits';

type Refusal = { code: string; message: string };

/** Too many rows (the header row first) or columns, judged before the cells are read. */
export function sizeRefusal(name: string, rows: number, columns: number): Refusal | null {
  if (rows - 1 > MAX_ROWS) return refuse.tooManyRows(name, rows - 1);
  if (columns > MAX_COLUMNS) return refuse.tooManyColumns(name, columns);
  return null;
}

/** The first limit the cells pass, if any. */
export function recordsRefusal(name: string, records: readonly (readonly string[])[]): Refusal | null {
  let columns = 0;
  for (const row of records) columns = Math.max(columns, row.length);
  const size = sizeRefusal(name, records.length, columns);
  if (size !== null) return size;
  let characters = 0;
  for (const [r, row] of records.entries()) {
    for (const [c, cell] of row.entries()) {
      if (cell.length > MAX_CELL_CHARACTERS) return refuse.cellTooLong(`${columnLetter(c)}${r + 1}`, cell.length);
      characters += cell.length;
    }
  }
  return characters > MAX_SHEET_CHARACTERS ? refuse.tooMuchText(name, characters) : null;
}
