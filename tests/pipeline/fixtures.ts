/** Sheet sets for the pipeline tests: the valid fixture set, with broken sheets laid over a copy of it. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSite, type LoadedSite } from '../../pipeline/load-site';
import type { Problem } from '../../pipeline/sheets/problem';

export const FIXTURES = join(import.meta.dirname, '../fixtures');
export const VALID = join(FIXTURES, 'valid');

/**
 * A temporary copy of the valid set with the files of tests/fixtures/broken/{name}
 * (or of `overlay`, a folder under tests/fixtures) laid over it; `change` may
 * alter the copy further (delete a sheet).
 */
export async function sheetSet(
  name: string | null,
  change?: (dir: string) => Promise<void>,
  overlay = name === null ? null : join('broken', name),
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sheets-'));
  await cp(VALID, dir, { recursive: true });
  if (overlay !== null) await cp(join(FIXTURES, overlay), dir, { recursive: true });
  await change?.(dir);
  return dir;
}

/** Loads a broken set and removes it again. */
export async function loadBroken(name: string, change?: (dir: string) => Promise<void>): Promise<LoadedSite> {
  const dir = await sheetSet(name, change);
  try {
    return await loadSite({ sheetsDir: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where a problem is and what kind it is: what each broken-sheet test asserts exactly. */
export const at = ({ sheet, row, column, field, code, severity }: Problem) =>
  `${sheet} ${row ?? '-'} ${column ?? '-'} ${field ?? '-'} ${code}${severity === 'warning' ? ' (warning)' : ''}`;

/** Invisible characters a message quotes from a cell, written as escapes so a snapshot shows them. */
const visible = (text: string) =>
  text.replace(
    /[\u00a0\u2000-\u200f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** "row 7, column D: message": the text of each problem, for the message snapshots. */
export const messages = (problems: readonly Problem[]) =>
  problems.map((p) => `${p.sheet} ${p.row ?? '-'}${p.column ?? ''}: ${visible(p.message)}`);
