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

/**
 * Whether two different keys are near enough to be one typed twice. Keys that
 * differ only in case are reported by the spelling checks; keys that differ
 * only in their digits (Tower 1, Tower 2; sector66, sector67) are different
 * things by design.
 */
function nearMiss(a: Key<unknown>, b: Key<unknown>): boolean {
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

interface Key<T> {
  readonly text: string;
  readonly folded: string;
  readonly digitless: string;
  readonly row: SheetRow<T>;
}

function checkColumn<T>(result: TableResult<T>, field: string, what: string, problems: Problem[]): void {
  if (result.columns?.indexOf.has(field) !== true) return;
  // Each distinct text once, at its first row: 100,000 records hold a few hundred tenants.
  // A key that did not convert has its error already.
  const texts = new Map<string, SheetRow<T>>();
  for (const row of result.rows) {
    const text = (row.data as Record<string, unknown>)[field];
    if (typeof text === 'string' && text.length <= LONGEST_KEY && !texts.has(text)) texts.set(text, row);
  }
  const seen: Key<T>[] = [];
  // Keys within two edits share a string with up to two letters deleted from each: only those are
  // compared. Comparing every pair took a minute for 5,000 tenants.
  const byDeletion = new Map<string, number[]>();
  for (const [text, row] of texts) {
    const folded = text.toLowerCase();
    const key = { text, folded, digitless: withoutDigits(folded), row };
    const variants = deletions(folded, allowedEdits(folded.length));
    const candidates = new Set<number>();
    for (const variant of variants) for (const at of byDeletion.get(variant) ?? []) candidates.add(at);
    const first = [...candidates].sort((a, b) => a - b).find((at) => nearMiss(key, seen[at] as Key<T>));
    const earlier = first === undefined ? undefined : seen[first];
    for (const variant of variants) {
      const keys = byDeletion.get(variant);
      if (keys === undefined) byDeletion.set(variant, [seen.length]);
      else keys.push(seen.length);
    }
    seen.push(key);
    if (earlier === undefined) continue;
    const { text: other, row: otherRow } = earlier;
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
