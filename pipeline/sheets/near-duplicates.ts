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

/** A group of at most this many keys is compared key by key; the keys of a larger one, through the index. */
const COMPARED_ONE_BY_ONE = 4;

/** Keys alike but for their digits (Tower 1, Tower 2): never near misses of each other. */
interface Group {
  /** Its keys' spelling without digits. */
  readonly spelling: string;
  /** How many keys it has, and how long the longest is. */
  size: number;
  longest: number;
  /** Its keys met so far, by their places, in order. */
  readonly members: number[];
  /**
   * The small groups, in the order first met, whose keys may be near misses of its keys (meet).
   * Made when its first key is met; added to while it has keys to come.
   */
  near: number[] | undefined;
  /** The large groups whose keys may be near misses of its keys, likewise. */
  nearLarge: number[] | undefined;
  /** Whether its keys are in the index of keys: a large group that some key looked into. */
  indexed: boolean;
}

/**
 * For each of `texts` (distinct, in the order of their first rows) that is a near miss of an
 * earlier one, the first such earlier one, by their places in `texts`.
 *
 * Keys within two edits share a string with up to two letters deleted from each: only those are
 * compared (comparing every pair took a minute for 5,000 tenants). Keys alike but for their
 * digits are one group, and groups are matched by their spellings first: a sheet's 5,000
 * "Tenant 1234" are one group, whose keys would otherwise each be looked up by a hundred
 * spellings (0.8 s at 10,000 records) to find nothing but each other. A key is compared one by
 * one with the keys of the small groups near its own, and through the index with those of the
 * large ones; a large group is indexed only once a key looks into it. Sheets of thousands of
 * names that are all near one another take as long as they did before groups (under 2 s for
 * 20,000): the groups are then single keys.
 */
export function nearDuplicates(texts: readonly string[]): Map<number, number> {
  const groupOf = new Map<string, number>();
  const groups: Group[] = [];
  const keys: Key[] = texts.map((text) => {
    const folded = text.toLowerCase();
    const digitless = withoutDigits(folded);
    let id = groupOf.get(digitless);
    if (id === undefined) {
      id = groups.length;
      groupOf.set(digitless, id);
      groups.push({
        spelling: digitless,
        size: 0,
        longest: 0,
        members: [],
        near: undefined,
        nearLarge: undefined,
        indexed: false,
      });
    }
    const group = groups[id] as Group;
    group.size += 1;
    group.longest = Math.max(group.longest, folded.length);
    return { folded, digitless, group: id };
  });
  const groupAt = (id: number) => groups[id] as Group;
  const large = (group: Group) => group.size > COMPARED_ONE_BY_ONE;

  const byDeletion = new Map<string, number[]>();
  const index = (at: number) => {
    const { folded } = keys[at] as Key;
    for (const variant of deletions(folded, allowedEdits(folded.length))) {
      const list = byDeletion.get(variant);
      if (list === undefined) byDeletion.set(variant, [at]);
      else list.push(at);
    }
  };
  const indexGroup = (group: Group) => {
    if (group.indexed) return;
    group.indexed = true;
    for (const member of group.members) index(member);
  };

  const bySpelling = new Map<string, number[]>();
  /**
   * Finds the groups met before that may hold near misses of its keys (those that share a spelling
   * with up to two letters deleted with it), and is found by those with keys to come. Where either
   * group is large, their spellings are compared first: deleting the digits from two keys never
   * parts them further. Two small groups' keys are compared themselves.
   */
  const meet = (id: number, group: Group) => {
    const variants = deletions(group.spelling, allowedEdits(group.longest));
    const candidates = new Set<number>();
    for (const variant of variants) for (const other of bySpelling.get(variant) ?? []) candidates.add(other);
    const near: number[] = [];
    const nearLarge: number[] = [];
    const isLarge = large(group);
    for (const other of candidates) {
      const them = groupAt(other);
      const themLarge = large(them);
      if (isLarge || themLarge) {
        const limit = allowedEdits(Math.min(group.longest, them.longest));
        if (limit === 0 || editDistance(group.spelling, them.spelling) > limit) continue;
      }
      (themLarge ? nearLarge : near).push(other);
      (isLarge ? them.nearLarge : them.near)?.push(id);
    }
    group.near = near.sort((a, b) => a - b);
    group.nearLarge = nearLarge;
    for (const variant of variants) {
      const ids = bySpelling.get(variant);
      if (ids === undefined) bySpelling.set(variant, [id]);
      else ids.push(id);
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
  /** The first indexed key that shares a spelling with letters deleted with `key`'s and is a near miss of it. */
  const firstIndexed = (key: Key) => {
    const candidates = new Set<number>();
    for (const variant of deletions(key.folded, allowedEdits(key.folded.length)))
      for (const other of byDeletion.get(variant) ?? []) candidates.add(other);
    return firstOf(key, [...candidates].sort((a, b) => a - b), undefined);
  };

  const found = new Map<number, number>();
  keys.forEach((key, at) => {
    const group = groupAt(key.group);
    if (group.near === undefined) meet(key.group, group);
    let first: number | undefined;
    if (group.nearLarge !== undefined && group.nearLarge.length > 0) {
      for (const id of group.nearLarge) indexGroup(groupAt(id));
      first = firstIndexed(key);
    }
    // By the order first met, so by their first keys: once one's first key is past the earliest
    // near miss found, so are all the others'.
    for (const id of group.near ?? []) {
      const { members } = groupAt(id);
      if (first !== undefined && (members[0] ?? first) >= first) break;
      first = firstOf(key, members, first) ?? first;
    }
    if (first !== undefined) found.set(at, first);
    group.members.push(at);
    if (group.indexed) index(at);
    // A group whose keys are all met looks for nothing more.
    if (group.members.length === group.size) {
      group.near = undefined;
      group.nearLarge = undefined;
    }
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
