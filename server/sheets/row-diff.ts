/**
 * The change an upload makes to a live sheet, as rows: added, removed, and
 * changed with the changed cells. Rows are matched by the sheet's key column
 * where it has one (a project's slug, a setting's name), else by their place
 * in the sheet.
 *
 * A cell counts as changed when its value changes, not its spelling: Excel
 * turns "₹2,08,439" into the number 208439, which means the same rent. Such a
 * cell keeps its live text, so the published file (and git's history) changes
 * only where the sheet really changed.
 */
import { diffArrays } from 'diff';
import type { z } from 'zod';
import { SHEETS } from '../../src/schema';
import type { RowChange, SheetDiff } from '../../src/schema/staff-sheets';
import { normaliseHeader } from '../../pipeline/sheets/header-row';

export interface SettledDiff {
  readonly diff: SheetDiff;
  /** The uploaded records with unchanged values in their live spelling. */
  readonly records: string[][];
}

type Records = readonly (readonly string[])[];

const definition = (sheet: string) => Object.values(SHEETS).find((entry) => entry.file === sheet);

/** Reads a cell's value the way the pipeline would, to compare two spellings of it. */
export function cellReader(sheet: string, header: readonly string[]) {
  const entry = definition(sheet);
  const shape = (entry?.schema.shape ?? {}) as Readonly<Record<string, z.ZodType>>;
  const fields = header.map(normaliseHeader);
  const isSettings = entry?.kind === 'settings';
  return (row: readonly string[], column: number, text: string): string => {
    const field = isSettings ? (column === 1 ? normaliseHeader(row[0] ?? '') : undefined) : fields[column];
    const schema = field === undefined ? undefined : shape[field];
    const converted = schema?.safeParse(text);
    return converted?.success === true ? JSON.stringify(converted.data) ?? '' : `text:${text}`;
  };
}

function keyColumn(sheet: string, header: readonly string[]): number {
  const entry = definition(sheet);
  const key = entry === undefined ? undefined : entry.kind === 'settings' ? 'setting' : entry.key;
  return key === undefined ? -1 : header.findIndex((cell) => normaliseHeader(cell) === key);
}

type Pair = { before: number | null; after: number | null };

function pairByKey(before: Records, after: Records, key: number): Pair[] {
  const unmatched = new Map<string, number>();
  before.forEach((row, i) => {
    const value = row[key]?.trim() ?? '';
    if (i > 0 && value !== '' && !unmatched.has(value)) unmatched.set(value, i);
  });
  const pairs: Pair[] = [];
  after.forEach((row, i) => {
    if (i === 0) return;
    const value = row[key]?.trim() ?? '';
    const match = unmatched.get(value);
    if (match !== undefined) unmatched.delete(value);
    pairs.push({ before: match ?? null, after: i });
  });
  for (const i of unmatched.values()) pairs.push({ before: i, after: null });
  return pairs;
}

/** Rows in place order: equal runs pair up, and within a replaced run row n pairs with row n. */
function pairByPlace(before: Records, after: Records): Pair[] {
  const ids = (records: Records) => records.slice(1).map((row) => JSON.stringify(row));
  const pairs: Pair[] = [];
  let b = 1;
  let a = 1;
  let removed = 0;
  const flush = (added: number) => {
    for (let i = 0; i < Math.max(removed, added); i++) {
      pairs.push({ before: i < removed ? b + i : null, after: i < added ? a + i : null });
    }
    b += removed;
    a += added;
    removed = 0;
  };
  for (const part of diffArrays(ids(before), ids(after))) {
    const count = part.value.length;
    if (part.removed) removed += count;
    else if (part.added) flush(count);
    else {
      flush(0);
      for (let i = 0; i < count; i++) pairs.push({ before: b + i, after: a + i });
      b += count;
      a += count;
    }
  }
  flush(0);
  return pairs;
}

const rowOf = (records: Records, index: number | null) =>
  index === null ? null : { row: index + 1, cells: [...(records[index] ?? [])] };

export function diffSheet(sheet: string, before: Records, after: Records): SettledDiff {
  const header = [...(before[0] ?? after[0] ?? [])];
  const valueOf = cellReader(sheet, header);
  const key = keyColumn(sheet, header);
  const pairs = key === -1 ? pairByPlace(before, after) : pairByKey(before, after, key);
  const settled = after.map((row) => [...row]);
  if (settled[0] !== undefined && before[0] !== undefined) settled[0] = [...before[0]];
  const changes: RowChange[] = [];
  for (const pair of pairs) {
    if (pair.before === null || pair.after === null) {
      changes.push({
        change: pair.before === null ? 'added' : 'removed',
        before: rowOf(before, pair.before),
        after: rowOf(after, pair.after),
        cells: [],
      });
      continue;
    }
    const was = before[pair.before] ?? [];
    const now = settled[pair.after] ?? [];
    const cells: number[] = [];
    for (let column = 0; column < Math.max(was.length, now.length); column++) {
      const old = was[column] ?? '';
      const text = now[column] ?? '';
      if (old === text) continue;
      if (valueOf(was, column, old) === valueOf(now, column, text)) {
        if (column < now.length) now[column] = old;
      } else cells.push(column);
    }
    if (cells.length > 0) {
      changes.push({ change: 'changed', before: rowOf(before, pair.before), after: rowOf(settled, pair.after), cells });
    }
  }
  const place = (change: RowChange) => change.after?.row ?? (change.before?.row ?? 0) - 0.5;
  changes.sort((x, y) => place(x) - place(y));
  return { diff: { header, changes }, records: settled };
}
