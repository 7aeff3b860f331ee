/**
 * Validates settings.csv: one row per setting, column A the setting's name,
 * column B its value. A problem with a value points at column B of that
 * setting's row and names the setting as its field.
 */
import type { z } from 'zod';
import {
  controlCharacterProblem,
  isImageCell,
  RETIRED_SETTINGS,
  SettingsSchema,
  withoutControlCharacters,
  type Settings,
  type SettingsSheet,
} from '../../src/schema';
import { describeIssue } from './cell-issues';
import { closest } from './did-you-mean';
import { mapHeaders, normaliseHeader, type Columns } from './header-row';
import { columnLetter, problemAt, type Place, type Problem } from './problem';
import { readCsv } from './read-csv';
import { BlankColumnWatch, blankRowWarning, isBlankRow, requiredFields, rowShapeProblem } from './validate-table';

export interface SettingsResult {
  readonly file: string;
  readonly values: Partial<Settings>;
  /** Where each setting's value is: its row, column B. */
  readonly places: ReadonlyMap<string, Place>;
  /** Settings whose value names a picture in sheets/images. */
  readonly imageFields: readonly string[];
  readonly rowCount: number;
}

const COLUMNS = ['setting', 'value'] as const;
const shape = SettingsSchema.shape as Readonly<Record<string, z.ZodType>>;
const KEYS = Object.keys(shape);

function readRecords(sheet: SettingsSheet, bytes: Uint8Array, problems: Problem[]): string[][] | null {
  const records: string[][] = [];
  const read = readCsv(sheet.file, bytes, (cells) => records.push(cells));
  problems.push(...read.problems);
  if (!read.complete) return null;
  if (records.length === 0) {
    problems.push(
      problemAt(
        { sheet: sheet.file, row: null },
        'empty-sheet',
        'This sheet is empty. Row 1 must read "setting" in column A and "value" in column B, with one setting per row below.',
      ),
    );
  }
  return records;
}

class SettingsValidation {
  readonly values: Record<string, unknown> = {};
  readonly places = new Map<string, Place>();
  readonly rowOf = new Map<string, number>();
  /** Settings a misspelt name was taken for; they are not reported missing as well. */
  readonly suggested = new Set<string>();
  rowCount = 0;
  private readonly blankColumns: BlankColumnWatch;

  constructor(
    private readonly file: string,
    private readonly columns: Columns,
    private readonly nameColumn: number,
    private readonly valueColumn: number,
    /** Settings written nowhere in the sheet: the only sensible "did you mean" answers. */
    private readonly unwritten: readonly string[],
    private readonly problems: Problem[],
  ) {
    this.blankColumns = new BlankColumnWatch(file, columns);
  }

  row(row: number, cells: readonly string[]): void {
    const { file, problems } = this;
    if (isBlankRow(cells)) {
      problems.push(blankRowWarning(file, row));
      return;
    }
    this.rowCount++;
    const shapeProblem = rowShapeProblem(file, row, cells, this.columns);
    if (shapeProblem !== null) {
      problems.push(shapeProblem);
      return;
    }
    this.blankColumns.check(row, cells, problems);
    const written = cells[this.nameColumn] ?? '';
    const stray = controlCharacterProblem(written);
    if (stray !== null)
      problems.push(problemAt({ sheet: file, row, column: this.nameColumn, field: 'setting', value: written }, 'control-character', stray));
    const name = withoutControlCharacters(written).trim();
    const key = normaliseHeader(name);
    const namePlace = { sheet: file, row, column: this.nameColumn, field: 'setting', value: name };
    const schema = shape[key];
    const retired = RETIRED_SETTINGS[key];
    if (schema === undefined && retired !== undefined) {
      problems.push(
        problemAt(namePlace, 'retired-setting', `"${name}" is no longer used: ${retired}. Delete this row.`, 'warning'),
      );
      return;
    }
    if (schema === undefined) {
      const suggestion = closest(key, this.unwritten);
      if (suggestion !== null) this.suggested.add(suggestion);
      problems.push(
        problemAt(
          namePlace,
          'unknown-setting',
          name === ''
            ? `Row ${row} has a value but no setting name in column ${columnLetter(this.nameColumn)}. Write the setting's name, or delete the row.`
            : suggestion === null
              ? `"${name}" is not a setting. The settings are: ${KEYS.join(', ')}.`
              : `"${name}" is not a setting. Did you mean "${suggestion}"?`,
        ),
      );
      return;
    }
    const earlier = this.rowOf.get(key);
    if (earlier !== undefined) {
      problems.push(
        problemAt(namePlace, 'duplicate-setting', `"${name}" is already set in row ${earlier}. Keep one of the two rows and delete the other.`),
      );
      return;
    }
    this.rowOf.set(key, row);
    const raw = cells[this.valueColumn] ?? '';
    const place = { sheet: file, row, column: this.valueColumn, field: key, value: raw };
    this.places.set(key, place);
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      this.values[key] = parsed.data;
    } else {
      const issue = describeIssue(parsed.error.issues[0] ?? { code: 'custom', message: '', path: [] }, raw);
      problems.push(problemAt(place, issue.code, issue.message));
    }
  }

  reportMissing(): void {
    const required = requiredFields(shape);
    for (const key of KEYS) {
      if (this.rowOf.has(key) || this.suggested.has(key)) continue;
      if (required.has(key)) {
        this.problems.push(
          problemAt(
            { sheet: this.file, row: null, field: key },
            'missing-setting',
            `The setting "${key}" is missing. Add a row with ${key} in column A and its value in column B.`,
          ),
        );
      } else {
        this.values[key] = (shape[key] as z.ZodType).parse('');
      }
    }
  }
}

export function validateSettings(sheet: SettingsSheet, bytes: Uint8Array | null, problems: Problem[]): SettingsResult {
  const imageFields = KEYS.filter((key) => isImageCell(shape[key] as z.ZodType));
  const empty = { file: sheet.file, values: {}, places: new Map<string, Place>(), imageFields, rowCount: 0 };
  const records = bytes === null ? null : readRecords(sheet, bytes, problems);
  if (records === null || records.length === 0) return empty;

  const columns = mapHeaders(sheet.file, records[0] ?? [], COLUMNS, new Set(COLUMNS), problems);
  const nameColumn = columns.indexOf.get('setting');
  const valueColumn = columns.indexOf.get('value');
  if (nameColumn === undefined || valueColumn === undefined) return empty;

  const written = new Set(records.slice(1).map((cells) => normaliseHeader(cells[nameColumn] ?? '')));
  const unwritten = KEYS.filter((key) => !written.has(key));
  const validation = new SettingsValidation(sheet.file, columns, nameColumn, valueColumn, unwritten, problems);
  records.forEach((cells, index) => {
    if (index > 0) validation.row(index + 1, cells);
  });
  validation.reportMissing();
  return {
    file: sheet.file,
    values: validation.values as Partial<Settings>,
    places: validation.places,
    imageFields,
    rowCount: validation.rowCount,
  };
}
