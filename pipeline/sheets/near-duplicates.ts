/**
 * Keys one or two letters apart within one sheet ("SBI Bnak" beside "SBI
 * Bank"): each spelling makes a page of its own, so a typo splits a tenant,
 * project or locality in two. Two different names can be that close too
 * (HDFC Bank, IDFC Bank), so this is a warning naming both rows.
 */
import { editDistance } from './did-you-mean';
import { problemAt, type Problem } from './problem';
import type { Tables } from './tables';
import { cellPlace, type SheetRow, type TableResult } from './validate-table';

/** Letters that may differ: one in a short key, two from eight letters on; none below four letters ("PVR", "INOX"). */
const allowedEdits = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

const withoutDigits = (text: string) => text.replace(/\d/g, '');

/**
 * Keys longer than this are not looked at: the spellings with two letters deleted grow with the
 * square of a key's length, and a hostile upload's 10,000-letter name would hold the service for
 * minutes and gigabytes. No tenant, project or locality name is that long.
 */
const LONGEST_KEY = 80;

interface Key {
  readonly folded: string;
  readonly digitless: string;
  /** Keys alike but for their digits are one group (Tower 1, Tower 2): never near misses of each other. */
  readonly group: number;
}

/**
 * Whether two different keys are near enough to be one typed twice. Keys that
 * differ only in case are reported by the spelling checks; keys that differ
 * only in their digits (Tower 1, Tower 2; sector66, sector67) are different
 * things by design.
 */
function nearMiss(a: Key, b: Key): boolean {
  const limit = allowedEdits(Math.min(a.folded.length, b.folded.length));
  if (limit === 0 || Math.abs(a.folded.length - b.folded.length) > limit) return false;
  if (a.folded === b.folded || a.digitless === b.digitless) return false;
  return editDistance(a.folded, b.folded) <= limit;
}

/** `text` with up to `edits` letters deleted, in every way (itself included). */
function deletions(text: string, edits: number): Set<string> {
  const all = new Set([text]);
  let level = [text];
  for (let round = 0; round < edits; round += 1) {
    const next: string[] = [];
    for (const shorter of level)
      for (let i = 0; i < shorter.length; i += 1) {
        const variant = shorter.slice(0, i) + shorter.slice(i + 1);
        if (!all.has(variant)) {
          all.add(variant);
          next.push(variant);
        }
      }
    level = next;
  }
  return all;
}

/**
 * For each group (by its spelling without digits and its longest key), the other groups near
 * enough for a key of one to be a near miss of a key of the other. Deleting the digits from two
 * keys never parts them further, so groups whose spellings are further apart than their keys
 * may differ hold no near miss between them.
 */
function neighbours(spellings: readonly string[], longest: readonly number[]): number[][] {
  const near = spellings.map((): number[] => []);
  const byDeletion = new Map<string, number[]>();
  spellings.forEach((spelling, group) => {
    const reach = allowedEdits(longest[group] ?? 0);
    const variants = deletions(spelling, reach);
    const candidates = new Set<number>();
    for (const variant of variants) for (const other of byDeletion.get(variant) ?? []) candidates.add(other);
    for (const other of candidates) {
      const limit = Math.min(reach, allowedEdits(longest[other] ?? 0));
      if (limit > 0 && editDistance(spelling, spellings[other] ?? '') <= limit) {
        near[group]?.push(other);
        near[other]?.push(group);
      }
    }
    for (const variant of variants) {
      const groups = byDeletion.get(variant);
      if (groups === undefined) byDeletion.set(variant, [group]);
      else groups.push(group);
    }
  });
  return near;
}

/**
 * Of a near group's keys met so far, up to this many are compared with a key one by one; past
 * it, only those that share a spelling with up to two letters deleted with the key.
 */
const COMPARED_ONE_BY_ONE = 32;

interface Members {
  readonly at: number[];
  /** By each spelling with letters deleted, the members that have it: made when first needed. */
  byDeletion?: Map<string, number[]>;
}

/**
 * For each of `texts` (distinct, in the order of their first rows) that is a near miss of an
 * earlier one, the first such earlier one, by their places in `texts`.
 *
 * Keys alike but for their digits are one group, and only keys of groups near each other are
 * compared: a sheet's 5,000 "Tenant 1234" are one group, whose keys would otherwise all share
 * spellings with two digits deleted, each compared with thousands (0.7 s at 10,000 records) and
 * none a near miss. Keys within two edits share a string with up to two letters deleted from
 * each: in a large group, only those are compared (comparing every pair took a minute for 5,000
 * tenants).
 */
export function nearDuplicates(texts: readonly string[]): Map<number, number> {
  const groupOf = new Map<string, number>();
  const spellings: string[] = [];
  const longest: number[] = [];
  const keys: Key[] = texts.map((text) => {
    const folded = text.toLowerCase();
    const digitless = withoutDigits(folded);
    let group = groupOf.get(digitless);
    if (group === undefined) {
      group = spellings.length;
      groupOf.set(digitless, group);
      spellings.push(digitless);
    }
    longest[group] = Math.max(longest[group] ?? 0, folded.length);
    return { folded, digitless, group };
  });
  const near = neighbours(spellings, longest);
  const members: Members[] = spellings.map(() => ({ at: [] }));
  const variantsOf = new Map<number, Set<string>>();
  const variants = (at: number) => {
    let known = variantsOf.get(at);
    if (known === undefined) {
      const { folded } = keys[at] as Key;
      known = deletions(folded, allowedEdits(folded.length));
      variantsOf.set(at, known);
    }
    return known;
  };
  const index = (group: Members, at: number) => {
    for (const variant of variants(at)) {
      const list = group.byDeletion?.get(variant);
      if (list === undefined) group.byDeletion?.set(variant, [at]);
      else list.push(at);
    }
  };
  /** The first of `candidates` (in order, all before `before` when it is given) that `key` is a near miss of. */
  const firstOf = (key: Key, candidates: Iterable<number>, before: number | undefined) => {
    for (const other of candidates) {
      if (before !== undefined && other >= before) return undefined;
      if (nearMiss(key, keys[other] as Key)) return other;
    }
    return undefined;
  };
  const found = new Map<number, number>();
  keys.forEach((key, at) => {
    let first: number | undefined;
    for (const group of near[key.group] ?? []) {
      const earlier = members[group] as Members;
      if (earlier.at.length <= COMPARED_ONE_BY_ONE) {
        first = firstOf(key, earlier.at, first) ?? first;
        continue;
      }
      if (earlier.byDeletion === undefined) {
        earlier.byDeletion = new Map();
        for (const member of earlier.at) index(earlier, member);
      }
      const candidates = new Set<number>();
      for (const variant of variants(at)) for (const other of earlier.byDeletion.get(variant) ?? []) candidates.add(other);
      first = firstOf(key, [...candidates].sort((a, b) => a - b), first) ?? first;
    }
    if (first !== undefined) found.set(at, first);
    const own = members[key.group] as Members;
    own.at.push(at);
    // A key's spellings are kept only while its group is indexed: 10,000 keys hold a million.
    if (own.byDeletion !== undefined) index(own, at);
    else variantsOf.delete(at);
  });
  return found;
}

function checkColumn<T>(result: TableResult<T>, field: string, what: string, problems: Problem[]): void {
  if (result.columns?.indexOf.has(field) !== true) return;
  // Each distinct text once, at its first row: 100,000 records hold a few hundred tenants.
  // A key that did not convert has its error already.
  const firstRows = new Map<string, SheetRow<T>>();
  for (const row of result.rows) {
    const text = (row.data as Record<string, unknown>)[field];
    if (typeof text === 'string' && text.length <= LONGEST_KEY && !firstRows.has(text)) firstRows.set(text, row);
  }
  const entries = [...firstRows];
  for (const [at, earlier] of nearDuplicates(entries.map(([text]) => text))) {
    const [text, row] = entries[at] as [string, SheetRow<T>];
    const [other, otherRow] = entries[earlier] as [string, SheetRow<T>];
    problems.push(
      problemAt(
        cellPlace(result, row, field),
        'near-duplicate',
        `"${text}" (row ${row.row}) is one or two letters from "${other}" (row ${otherRow.row}). If they are the same ${what}, write it the same way in both rows: each spelling gets a page of its own. If they are different, leave them.`,
        'warning',
      ),
    );
  }
}

export function checkNearDuplicates(tables: Tables, problems: Problem[]): void {
  checkColumn(tables.preRented, 'tenant', 'tenant', problems);
  checkColumn(tables.projects, 'slug', 'project', problems);
  checkColumn(tables.localities, 'route', 'locality', problems);
  checkColumn(tables.localities, 'name', 'locality', problems);
}
