/**
 * Maps the header row of a sheet to schema fields. Headers are matched without
 * regard to case, surrounding spaces, or spaces/hyphens written for
 * underscores ("Rent per sqft" is rent_per_sqft), because those are not
 * mistakes a reader of the sheet would notice.
 */
import { controlCharacterProblem, withoutControlCharacters } from '../../src/schema/cells';
import { closest } from './did-you-mean';
import { columnLetter, problemAt, type Problem } from './problem';

export interface Columns {
  /** Header cells as written. */
  readonly headers: readonly string[];
  /** Column index of each schema field present in the header row. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Cells a row must have: up to the last column with a header. */
  readonly width: number;
  /** Columns with an empty header; spreadsheet programs leave such columns behind, harmless while empty. */
  readonly blankColumns: readonly number[];
}

export const normaliseHeader = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Reads the header row. Reports unknown and duplicate headers and missing
 * required columns into `problems`.
 */
export function mapHeaders(
  sheet: string,
  headers: readonly string[],
  fields: readonly string[],
  required: ReadonlySet<string>,
  problems: Problem[],
): Columns {
  const known = new Set(fields);
  const indexOf = new Map<string, number>();
  const suggested = new Set<string>();
  const absent = fields.filter((f) => !headers.some((h) => normaliseHeader(h) === f));
  const blankColumns: number[] = [];
  let width = 0;

  headers.forEach((written, column) => {
    const stray = controlCharacterProblem(written);
    if (stray !== null)
      problems.push(problemAt({ sheet, row: 1, column, value: written }, 'control-character', stray));
    // Read as the header it would be without the stray character, so its column is not reported missing too.
    const header = stray === null ? written : withoutControlCharacters(written);
    if (header.trim() === '') {
      blankColumns.push(column);
      return;
    }
    width = column + 1;
    const place = { sheet, row: 1, column, field: header.trim(), value: header };
    const field = normaliseHeader(header);
    const earlier = indexOf.get(field);
    if (earlier !== undefined) {
      problems.push(
        problemAt(
          place,
          'duplicate-header',
          `"${header.trim()}" is already the header of column ${columnLetter(earlier)}. Each column needs its own header: delete or rename one of the two.`,
        ),
      );
    } else if (known.has(field)) {
      indexOf.set(field, column);
    } else {
      const suggestion = closest(field, absent);
      if (suggestion !== null) suggested.add(suggestion);
      problems.push(
        problemAt(
          place,
          'unknown-header',
          suggestion === null
            ? `"${header.trim()}" is not a column of ${sheet}. Its columns are: ${fields.join(', ')}. Rename this column or delete it.`
            : `"${header.trim()}" is not a column of ${sheet}. Did you mean "${suggestion}"?`,
        ),
      );
    }
  });

  for (const field of fields) {
    // A misspelt header already says which column it should be; saying the column is missing too would double the error.
    if (!indexOf.has(field) && required.has(field) && !suggested.has(field)) {
      problems.push(
        problemAt(
          { sheet, row: 1, field },
          'missing-column',
          `The column "${field}" is missing. Add a column with "${field}" in row 1; it must be filled in on every row.`,
        ),
      );
    }
  }
  return { headers, indexOf, width, blankColumns };
}

/** Reports a column that has no header but holds data, once per column. */
export function blankHeaderProblem(sheet: string, column: number, row: number, value: string): Problem {
  return problemAt(
    { sheet, row: 1, column, value },
    'blank-header',
    `Column ${columnLetter(column)} has cells filled in (from row ${row}) but no header in row 1. Write the column's name in row 1, or delete the column.`,
  );
}
