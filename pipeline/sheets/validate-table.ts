/**
 * Validates one table sheet row by row as it is read: the shape of each row
 * (blank, ragged, exact repeat), every cell through its zod converter, then
 * unique keys.
 *
 * Runs once per cell of sheets that can hold 100,000 rows, so the loop uses
 * precomputed column plans and remembers each column's conversions: the same
 * text in the same column always converts the same way, and most columns repeat
 * a handful of values (lease 9 years, "Office").
 */
import type { z } from 'zod';
import { isImageCell, type TableSheet } from '../../src/schema';
import { describeIssue, type CellIssue } from './cell-issues';
import { blankHeaderProblem, mapHeaders, type Columns } from './header-row';
import { columnLetter, problemAt, type Place, type Problem } from './problem';
import { readCsv } from './read-csv';
import { RepeatedLines } from './repeated-lines';

export interface SheetRow<T> {
  /** Spreadsheet row number (header = 1). */
  readonly row: number;
  /** Converted cells; a field is undefined when its cell has an error. */
  readonly data: Partial<T>;
  /** True when every cell of the row converted. */
  readonly valid: boolean;
  /** The text of cells that did not convert, by field; null when all did. */
  readonly failed: Readonly<Record<string, string>> | null;
}

export interface TableResult<T> {
  readonly file: string;
  /** Rows that hold data, except exact repeats. A row with the wrong number of cells has only `failed` texts. */
  readonly rows: readonly SheetRow<T>[];
  /** Null when there is no header row. */
  readonly columns: Columns | null;
  /** False when reading stopped early (missing file, encoding, unclosed quote): other sheets must not rely on it. */
  readonly complete: boolean;
  /** Fields whose cells name pictures in sheets/images. */
  readonly imageFields: readonly string[];
  /** Data rows in the file, blank ones excluded. */
  readonly rowCount: number;
}

type Conversion = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issue: CellIssue };

/** Distinct texts remembered per column; beyond this a column of unique values (rents) stops growing the cache. */
const CACHE_LIMIT = 5000;

interface FieldPlan {
  readonly field: string;
  readonly column: number;
  readonly schema: z.ZodType;
  readonly cache: Map<string, Conversion>;
}

function convert(plan: FieldPlan, raw: string): Conversion {
  const cached = plan.cache.get(raw);
  if (cached !== undefined) return cached;
  const result = plan.schema.safeParse(raw);
  const conversion: Conversion = result.success
    ? { ok: true, value: result.data }
    : { ok: false, issue: describeIssue(result.error.issues[0] ?? { code: 'custom', message: '', path: [] }, raw) };
  if (plan.cache.size < CACHE_LIMIT) plan.cache.set(raw, conversion);
  return conversion;
}

type RowBuilder = (values: readonly unknown[], absent: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/**
 * Compiles the function that makes a row's object: every field in one object
 * literal, converted cells from `values` (in plan order), absent optional
 * columns from `absent`. V8 then creates each row in one step with a fixed
 * shape; filling an object field by field cost about a fifth of the
 * validation time at 100,000 rows. The names are the schema's own, quoted as
 * JSON, never text from a sheet.
 */
function rowBuilder(fields: readonly string[], plans: readonly FieldPlan[]): RowBuilder {
  const slot = new Map(plans.map((plan, i) => [plan.field, i]));
  const properties = fields.map((field) => {
    const name = JSON.stringify(field);
    const index = slot.get(field);
    return `${name}: ${index === undefined ? `absent[${name}]` : `values[${index}]`}`;
  });
  return new Function('values', 'absent', `return { ${properties.join(', ')} };`) as RowBuilder;
}

/** Lists come out as arrays; each row gets its own so no two rows share one. */
const own = (value: unknown): unknown => (Array.isArray(value) ? value.slice() : value);

const isBlankCell = (cell: string | undefined) => cell === undefined || cell.trim() === '';

export function isBlankRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

/** Fields whose converter refuses an empty cell; their column must exist. */
export function requiredFields(shape: Readonly<Record<string, z.ZodType>>): Set<string> {
  return new Set(Object.keys(shape).filter((field) => !shape[field]?.safeParse('').success));
}

/** A converted value as text, for problems found after conversion. */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === null || value === undefined ? '' : String(value);
}

/** The place of a cell, for problems found after conversion (keys, references, pictures). */
export function cellPlace(result: TableResult<unknown>, row: SheetRow<unknown>, field: string): Place {
  return {
    sheet: result.file,
    row: row.row,
    column: result.columns?.indexOf.get(field) ?? null,
    field,
    value: row.failed?.[field] ?? asText((row.data as Record<string, unknown>)[field]),
  };
}

/** Blank rows are only a warning: nothing is lost, and spreadsheet programs leave them behind easily. */
export function blankRowWarning(sheet: string, row: number): Problem {
  return problemAt({ sheet, row }, 'blank-row', `Row ${row} is empty and was skipped. Delete the row if it is not needed.`, 'warning');
}

/** A problem with the number of cells in a row, or null when the row fits the header. */
export function rowShapeProblem(sheet: string, row: number, cells: readonly string[], columns: Columns): Problem | null {
  const { width, headers } = columns;
  if (cells.length < width) {
    return problemAt(
      { sheet, row, column: cells.length },
      'ragged-row',
      `Row ${row} has ${cells.length} cells but the header row has ${width}, so the cells from column ${columnLetter(cells.length)} on are missing. Often a comma is missing, or a cell with a line break is not in quotes.`,
    );
  }
  for (let column = headers.length; column < cells.length; column++) {
    if (!isBlankCell(cells[column])) {
      return problemAt(
        { sheet, row, column, value: cells[column] ?? '' },
        'ragged-row',
        `Row ${row} has a value in column ${columnLetter(column)}, after the last column (${columnLetter(width - 1)}, "${headers[width - 1]?.trim() ?? ''}"). Often a cell holds a comma but is not in quotes; put that cell in quotes or remove the extra value.`,
      );
    }
  }
  return null;
}

/** Reports data under empty headers, once per column. */
export class BlankColumnWatch {
  private readonly reported = new Set<number>();

  constructor(
    private readonly sheet: string,
    private readonly columns: Columns,
  ) {}

  check(row: number, cells: readonly string[], problems: Problem[]): void {
    for (const column of this.columns.blankColumns) {
      const cell = cells[column];
      if (!this.reported.has(column) && !isBlankCell(cell)) {
        this.reported.add(column);
        problems.push(blankHeaderProblem(this.sheet, column, row, cell ?? ''));
      }
    }
  }
}

/**
 * Amounts that start with "?" where a ₹ stood: Excel's "CSV (Comma delimited)"
 * writes every ₹ so. One message for the sheet names the cause; an error per
 * cell would bury it under dozens of "is not an amount".
 */
class LostRupeeSigns {
  private count = 0;
  private first: Place | null = null;

  /**
   * Whether the failed cell `raw` is one of them: it starts with "?" and would
   * convert with ₹ there. If so it is counted instead of reported.
   */
  take(raw: string, place: Place, converts: (text: string) => boolean): boolean {
    const text = raw.trimStart();
    if (!text.startsWith('?') || !converts(`₹${text.slice(1)}`)) return false;
    this.count++;
    this.first ??= place;
    return true;
  }

  report(sheet: string, problems: Problem[]): void {
    if (this.first === null) return;
    const { row, column, field } = this.first;
    const where = `${this.count === 1 ? 'One amount' : `${this.count} amounts`} start with "?" where a ₹ stood (the first in row ${row}, column ${columnLetter(column ?? 0)}, ${field ?? ''})`;
    problems.push(
      problemAt(
        { sheet, row: null },
        'encoding',
        `${where}: the sheet was saved as "CSV (Comma delimited)", which turns every ₹ into "?". Save it again from the original workbook as "CSV UTF-8 (Comma delimited) (*.csv)" (in Excel: File › Save As); if you only have this file, replace each "?" before an amount with ₹.`,
      ),
    );
  }
}

/** The state of one sheet being read: its header, column plans and the rows so far. */
class TableValidation<S extends z.ZodObject> {
  readonly rows: SheetRow<z.output<S>>[] = [];
  columns: Columns | null = null;
  rowCount = 0;
  private readonly shape: Readonly<Record<string, z.ZodType>>;
  readonly fields: readonly string[];
  private readonly plans: FieldPlan[] = [];
  /** Values of optional columns left out of the sheet, as their empty cell converts. */
  private readonly absent: Record<string, unknown> = {};
  /** Absent optional list columns: each row needs its own empty list. */
  private readonly absentLists: string[] = [];
  private build: RowBuilder = () => ({});
  private blankColumns: BlankColumnWatch | null = null;
  private readonly repeatedLines = new RepeatedLines();
  readonly lostRupeeSigns = new LostRupeeSigns();

  constructor(
    private readonly sheet: TableSheet<S>,
    private readonly problems: Problem[],
  ) {
    this.shape = sheet.schema.shape as Readonly<Record<string, z.ZodType>>;
    this.fields = Object.keys(this.shape);
  }

  header(headers: readonly string[]): void {
    if (isBlankRow(headers)) {
      this.problems.push(
        problemAt({ sheet: this.sheet.file, row: 1 }, 'empty-sheet', `Row 1 is empty. It must name the columns: ${this.fields.join(', ')}.`),
      );
      return;
    }
    const columns = mapHeaders(this.sheet.file, headers, this.fields, requiredFields(this.shape), this.problems);
    this.columns = columns;
    this.blankColumns = new BlankColumnWatch(this.sheet.file, columns);
    for (const field of this.fields) {
      const schema = this.shape[field] as z.ZodType;
      const column = columns.indexOf.get(field);
      if (column !== undefined) {
        this.plans.push({ field, column, schema, cache: new Map() });
      } else {
        // An optional column left out reads as empty on every row; a required one was reported as missing.
        const parsed = schema.safeParse('');
        if (parsed.success) this.absent[field] = parsed.data;
        if (Array.isArray(parsed.data)) this.absentLists.push(field);
      }
    }
    this.build = rowBuilder(this.fields, this.plans);
  }

  /** Validates one data row; its line in the file is `text[start, end)`. */
  row(row: number, cells: readonly string[], columns: Columns, text: string, start: number, end: number): void {
    const { file } = this.sheet;
    if (isBlankRow(cells)) {
      this.problems.push(blankRowWarning(file, row));
      return;
    }
    this.rowCount++;
    const shapeProblem = rowShapeProblem(file, row, cells, columns);
    if (shapeProblem !== null) {
      this.problems.push(shapeProblem);
      // Its cells may sit in the wrong columns, so nothing is converted; the text stays for
      // references, so a tenant or slug on this row is not reported missing as well.
      const failed: Record<string, string> = {};
      for (const plan of this.plans) failed[plan.field] = cells[plan.column] ?? '';
      this.rows.push({ row, data: {}, valid: false, failed });
      return;
    }
    this.blankColumns?.check(row, cells, this.problems);
    const repeated = this.repeatedLines.repeatOf(text, start, end, row);
    if (repeated !== 0) {
      this.problems.push(
        problemAt(
          { sheet: file, row },
          'duplicate-row',
          `Row ${row} repeats row ${repeated} exactly. Delete one of the two.`,
        ),
      );
      return;
    }

    const values: unknown[] = new Array(this.plans.length);
    let failed: Record<string, string> | null = null;
    for (let index = 0; index < this.plans.length; index++) {
      const plan = this.plans[index] as FieldPlan;
      const raw = cells[plan.column] ?? '';
      const conversion = convert(plan, raw);
      if (conversion.ok) {
        values[index] = own(conversion.value);
      } else {
        failed ??= {};
        failed[plan.field] = raw;
        const place = { sheet: file, row, column: plan.column, field: plan.field, value: raw };
        if (!this.lostRupeeSigns.take(raw, place, (text) => convert(plan, text).ok)) {
          this.problems.push(problemAt(place, conversion.issue.code, conversion.issue.message));
        }
      }
    }
    const data = this.build(values, this.absent);
    for (const field of this.absentLists) data[field] = own(this.absent[field]);
    this.rows.push({ row, data: data as Partial<z.output<S>>, valid: failed === null, failed });
  }
}

export function validateTable<S extends z.ZodObject>(
  sheet: TableSheet<S>,
  bytes: Uint8Array | null,
  problems: Problem[],
): TableResult<z.output<S>> {
  const validation = new TableValidation(sheet, problems);
  const imageFields = validation.fields.filter((field) => isImageCell(sheet.schema.shape[field] as z.ZodType));
  let complete = false;
  if (bytes !== null) {
    let row = 0;
    const read = readCsv(sheet.file, bytes, (cells, text, start, end) => {
      row++;
      if (row === 1) validation.header(cells);
      else if (validation.columns !== null) validation.row(row, cells, validation.columns, text, start, end);
    });
    problems.push(...read.problems);
    validation.lostRupeeSigns.report(sheet.file, problems);
    complete = read.complete;
    if (read.records === 0 && read.complete) {
      problems.push(
        problemAt(
          { sheet: sheet.file, row: null },
          'empty-sheet',
          `This sheet is empty. Row 1 must name the columns: ${validation.fields.join(', ')}.`,
        ),
      );
    }
  }
  const result: TableResult<z.output<S>> = {
    file: sheet.file,
    rows: validation.rows,
    columns: validation.columns,
    complete,
    imageFields,
    rowCount: validation.rowCount,
  };
  if (sheet.key !== undefined) checkUniqueKeys(result, sheet.key, problems);
  return result;
}

function checkUniqueKeys(result: TableResult<unknown>, key: string, problems: Problem[]): void {
  const firstRow = new Map<string, { row: number; value: string }>();
  for (const row of result.rows) {
    const value = (row.data as Record<string, unknown>)[key];
    if (typeof value !== 'string') continue;
    // Pages are files on disk: "SBI Bank" and "sbi bank" would overwrite each other on some systems.
    const folded = value.toLowerCase();
    const first = firstRow.get(folded);
    if (first === undefined) {
      firstRow.set(folded, { row: row.row, value });
      continue;
    }
    const same = first.value === value ? '' : ` (as "${first.value}"; capital letters do not make it different)`;
    problems.push(
      problemAt(
        cellPlace(result, row, key),
        'duplicate-key',
        `"${value}" is already used in row ${first.row}${same}. Each row needs its own ${key}: change one of the two.`,
      ),
    );
  }
}
