/**
 * A three-way merge of one sheet, by row and by cell, never by file: what a
 * member started from (base), what they upload (yours) and what is live now
 * (theirs). Rows are matched by the sheet's key columns
 * (src/schema/row-identity.ts) and cells by their column's header.
 *
 * - A row or cell only one side changed takes that side's change.
 * - A cell both changed, each to a different value, is a conflict; so is a
 *   row one side removed and the other changed. A conflict is settled by the
 *   member's choice (theirs or yours); until then the merge takes yours, so the
 *   sheet can be checked, and the conflict is reported, never settled silently.
 *
 * Written by hand rather than with a line merge (node-diff3): lines are the
 * wrong unit for a sheet, as two people's changes to different cells of one
 * row are one line and must both be kept.
 */
import { normaliseHeader } from '../../pipeline/sheets/header-row';
import { columnLetter } from '../../pipeline/sheets/problem';
import { keyColumns } from '../../src/schema/row-identity';
import type { CellConflict, ConflictChoice } from '../../src/schema/staff-sheets';
import { csvRecords, styleOf, writeCsv } from '../sheets/csv-file';
import { cellReader } from '../sheets/row-diff';

type Records = readonly (readonly string[])[];

/** A conflict before the history says who made the live side of it. */
export type FoundConflict = Omit<CellConflict, 'by' | 'at'>;

export interface MergedSheet {
  /** Header row first; the header is the live one. */
  readonly records: string[][];
  /** Every conflict found, chosen or not. */
  readonly conflicts: FoundConflict[];
  /** The conflicts no choice settles. */
  readonly open: FoundConflict[];
}

interface Version {
  readonly header: readonly string[];
  readonly rows: Map<string, readonly string[]>;
  readonly order: string[];
}

const KEY_SEPARATOR = '\u001f';

/** Each row by its identity: its key cells, and its place among the rows before it with the same key cells. */
function indexed(sheet: string, records: Records): Version {
  const header = records[0] ?? [];
  const names = header.map(normaliseHeader);
  const columns = keyColumns(sheet).map((name) => names.indexOf(name));
  const seen = new Map<string, number>();
  const rows = new Map<string, readonly string[]>();
  const order: string[] = [];
  for (const row of records.slice(1)) {
    const cells = columns.map((column) => (column < 0 ? '' : (row[column] ?? '').trim()));
    const base = cells.join(KEY_SEPARATOR);
    const place = seen.get(base) ?? 0;
    seen.set(base, place + 1);
    const key = `${base}${KEY_SEPARATOR}${place}`;
    rows.set(key, row);
    order.push(key);
  }
  return { header, rows, order };
}

/** "SBI Bank · Vatika Professional Point", and "dom (2nd)" for the second row keyed dom. */
function keyLabel(key: string): string {
  const parts = key.split(KEY_SEPARATOR);
  const place = Number(parts.pop());
  const words = parts.filter((part) => part !== '').join(' · ') || 'row';
  return place === 0 ? words : `${words} (row ${place + 1} of these)`;
}

export function mergeRecords(
  sheet: string,
  base: Records,
  yours: Records,
  theirs: Records,
  choices: readonly ConflictChoice[] = [],
): MergedSheet {
  const [b, y, t] = [indexed(sheet, base), indexed(sheet, yours), indexed(sheet, theirs)];
  const header = [...(t.header.length > 0 ? t.header : y.header)];
  const names = header.map(normaliseHeader);
  const at = (version: Version) => {
    const of = new Map(version.header.map((name, i) => [normaliseHeader(name), i]));
    return (row: readonly string[], name: string) => row[of.get(name) ?? -1] ?? '';
  };
  const [inBase, inYours, inTheirs] = [at(b), at(y), at(t)];
  const reader = cellReader(sheet, header);
  const same = (row: readonly string[], column: number, one: string, other: string) =>
    one === other || reader(row, column, one) === reader(row, column, other);
  const sameRow = (
    one: readonly string[],
    read: typeof inBase,
    other: readonly string[],
    readOther: typeof inBase,
  ) => names.every((name, column) => same(one, column, read(one, name), readOther(other, name)));
  const choice = (key: string, column: string | null) =>
    choices.find((entry) => entry.sheet === sheet && entry.key === key && entry.column === column)?.take;

  const conflicts: (FoundConflict & { take: 'yours' | 'theirs' | undefined })[] = [];
  const conflict = (
    key: string,
    column: string | null,
    values: Pick<FoundConflict, 'base' | 'yours' | 'theirs'>,
  ) => {
    const take = choice(key, column);
    conflicts.push({ sheet, key, label: keyLabel(key), column, row: null, letter: null, ...values, take });
    return take ?? 'yours';
  };
  const output = new Map<string, string[]>();

  const merged = (
    key: string,
    was: readonly string[] | undefined,
    mine: readonly string[],
    live: readonly string[],
  ) =>
    names.map((name, column) => {
      const [old, my, their] = [
        was === undefined ? '' : inBase(was, name),
        inYours(mine, name),
        inTheirs(live, name),
      ];
      if (same(live, column, my, their)) return their;
      if (was !== undefined && same(live, column, my, old)) return their;
      if (was !== undefined && same(live, column, their, old)) return my;
      const take = conflict(key, header[column] ?? name, {
        base: was === undefined ? null : old,
        yours: my,
        theirs: their,
      });
      return take === 'yours' ? my : their;
    });
  const asLive = (row: readonly string[], read: typeof inBase) => names.map((name) => read(row, name));

  for (const key of t.order) {
    const live = t.rows.get(key) ?? [];
    const was = b.rows.get(key);
    const mine = y.rows.get(key);
    if (mine === undefined) {
      if (was === undefined) output.set(key, [...live]);
      else if (!sameRow(was, inBase, live, inTheirs)) {
        const take = conflict(key, null, {
          base: null,
          yours: null,
          theirs: names.map((n) => inTheirs(live, n)).join(', '),
        });
        if (take === 'theirs') output.set(key, [...live]);
      }
      continue;
    }
    if (was !== undefined && sameRow(mine, inYours, was, inBase)) output.set(key, [...live]);
    else if (was !== undefined && sameRow(live, inTheirs, was, inBase))
      output.set(key, asLive(mine, inYours));
    else output.set(key, merged(key, was, mine, live));
  }

  // Rows only you have: those you added, and those a colleague removed while you kept or changed
  // them. Each run of them goes after the row before it in your sheet that is placed already (the
  // top for none): finding that row's place again for each one was quadratic in a long sheet.
  const live = [...output.keys()];
  const following = new Map<string | null, string[]>();
  let after: string | null = null;
  for (const key of y.order) {
    if (output.has(key)) {
      after = key;
      continue;
    }
    const mine = y.rows.get(key) ?? [];
    const was = b.rows.get(key);
    if (was !== undefined) {
      if (sameRow(mine, inYours, was, inBase)) continue;
      const take = conflict(key, null, {
        base: null,
        yours: names.map((n) => inYours(mine, n)).join(', '),
        theirs: null,
      });
      if (take === 'theirs') continue;
    }
    const run = following.get(after);
    if (run === undefined) following.set(after, [key]);
    else run.push(key);
    output.set(key, asLive(mine, inYours));
  }
  const placed = [
    ...(following.get(null) ?? []),
    ...live.flatMap((key) => [key, ...(following.get(key) ?? [])]),
  ];

  const records = [header, ...placed.map((key) => output.get(key) ?? [])];
  const rowOf = new Map(placed.map((key, i) => [key, i + 2]));
  const found = conflicts.map(({ take, ...found }) => {
    const column = found.column === null ? -1 : header.indexOf(found.column);
    return {
      conflict: {
        ...found,
        row: rowOf.get(found.key) ?? null,
        letter: column < 0 ? null : columnLetter(column),
      },
      take,
    };
  });
  return {
    records,
    conflicts: found.map((entry) => entry.conflict),
    open: found.filter((entry) => entry.take === undefined).map((entry) => entry.conflict),
  };
}

/** The merge of three versions of a sheet file; a missing version is an empty sheet. */
export function mergeSheetFile(
  sheet: string,
  base: Uint8Array | null,
  yours: Uint8Array,
  theirs: Uint8Array | null,
  choices: readonly ConflictChoice[] = [],
): { bytes: Uint8Array; conflicts: FoundConflict[]; open: FoundConflict[] } {
  const equal = (one: Uint8Array | null, other: Uint8Array | null) =>
    one !== null && other !== null && Buffer.from(one).equals(Buffer.from(other));
  if (equal(base, theirs) || equal(yours, theirs) || theirs === null)
    return { bytes: yours, conflicts: [], open: [] };
  const read = (bytes: Uint8Array | null) => (bytes === null ? [] : csvRecords(sheet, bytes).records);
  const result = mergeRecords(sheet, read(base), read(yours), read(theirs), choices);
  return {
    bytes: writeCsv(result.records, styleOf(sheet, theirs)),
    conflicts: result.conflicts,
    open: result.open,
  };
}

/** A cell of a version of a sheet by its row's identity and column header (a whole row for null); null when the row is not there. */
export function cellAt(sheet: string, records: Records, key: string, column: string | null): string | null {
  const version = indexed(sheet, records);
  const row = version.rows.get(key);
  if (row === undefined) return null;
  if (column === null) return row.join(', ');
  const index = version.header.findIndex((name) => normaliseHeader(name) === normaliseHeader(column));
  return row[index] ?? '';
}
