/**
 * A problem found in a sheet, addressed the way a sales person finds it in a
 * spreadsheet program: file, row number (header is row 1) and column letter.
 */
import type { CellErrorCode } from '../../src/schema/cells';

export type Severity = 'error' | 'warning';

export type ProblemCode =
  | CellErrorCode
  | 'missing-sheet'
  | 'unknown-file'
  | 'encoding'
  | 'delimiter'
  | 'unclosed-quote'
  | 'stray-quote'
  | 'empty-sheet'
  | 'unknown-header'
  | 'duplicate-header'
  | 'blank-header'
  | 'missing-column'
  | 'ragged-row'
  | 'blank-row'
  | 'duplicate-row'
  | 'duplicate-key'
  | 'unknown-setting'
  | 'retired-setting'
  | 'duplicate-setting'
  | 'missing-setting'
  | 'unknown-reference'
  | 'path-conflict'
  | 'tenant-spelling'
  | 'near-duplicate'
  | 'gross-yield'
  | 'rera-missing'
  | 'price-mismatch'
  | 'possession-past'
  | 'image-small'
  | 'video-still'
  | 'image-missing'
  | 'image-unreadable'
  | 'rent-per-sqft'
  | 'unreadable';

export interface Problem {
  /** Sheet file name, e.g. projects.csv. */
  sheet: string;
  /** Spreadsheet row (header = 1); null when the problem concerns the whole sheet. */
  row: number | null;
  /** Column letter (A, B, … AA); null when the problem concerns a whole row or sheet. */
  column: string | null;
  /** Header of that column, or the setting name in settings.csv. */
  field: string | null;
  code: ProblemCode;
  severity: Severity;
  /** What is wrong and what to write instead, in plain words. */
  message: string;
  /** The cell text as found, when there is one. */
  value: string | null;
}

/** Column letter of a zero-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Zero-based column index of a column letter; the inverse of `columnLetter`. */
function columnIndex(letter: string): number {
  let index = 0;
  for (const char of letter) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

/** Where a problem is: `column` is a zero-based index, turned into a letter here. */
export interface Place {
  sheet: string;
  row: number | null;
  column?: number | null;
  field?: string | null;
  value?: string | null;
}

export function problemAt(place: Place, code: ProblemCode, message: string, severity: Severity = 'error'): Problem {
  return {
    sheet: place.sheet,
    row: place.row,
    column: place.column === undefined || place.column === null ? null : columnLetter(place.column),
    field: place.field ?? null,
    code,
    severity,
    message,
    value: place.value ?? null,
  };
}

export const isError = (problem: Problem): boolean => problem.severity === 'error';

/** Problems in reading order: by sheet (in `sheetOrder`), then row, then column. */
export function sortProblems(problems: readonly Problem[], sheetOrder: readonly string[]): Problem[] {
  const rank = (sheet: string) => {
    const index = sheetOrder.indexOf(sheet);
    return index === -1 ? sheetOrder.length : index;
  };
  const col = (p: Problem) => (p.column === null ? -1 : columnIndex(p.column));
  return [...problems].sort(
    (a, b) =>
      rank(a.sheet) - rank(b.sheet) ||
      a.sheet.localeCompare(b.sheet) ||
      (a.row ?? 0) - (b.row ?? 0) ||
      col(a) - col(b),
  );
}
