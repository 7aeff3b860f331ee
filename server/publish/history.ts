/**
 * History, undo and restore.
 *
 * - Undo takes back one change's cells only: a three-way merge of the sheets
 *   before and after that change into the live ones (git's revert, by cell).
 *   Every later change is kept; if a later change touched the same cells, the
 *   undo is refused, naming them.
 * - Restore puts every sheet back as it was right after an earlier change,
 *   taking back each later change still live.
 * - A change is live until an undo or restore takes it back (`rolledBackBy`).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CellConflict, PageChange } from '../../src/schema/staff-sheets';
import { csvRecords } from '../sheets/csv-file';
import { diffSheet } from '../sheets/row-diff';
import type { FoundConflict } from './merge';
import { cellAt, mergeSheetFile } from './merge';
import type { Change, RowCount } from './state';
import { differingFiles, exists, linkTree, removeTree } from './tree';
import type { Workspace } from './workspace';
import { PublishError } from './workspace';

/** How far back the history is searched for who made a cell what it is. */
const ATTRIBUTION_DEPTH = 50;

const isSheet = (path: string) => !path.includes('/') && path.endsWith('.csv');

/** A file read from a folder, or null when it is not there. */
const fileIn = (dir: string, path: string) =>
  readFile(join(dir, path)).then(
    (bytes) => new Uint8Array(bytes),
    () => null,
  );

/** Rows added, removed and changed per sheet between two folders of sheets, for the files given. */
export async function rowCounts(
  before: string,
  after: string,
  files: readonly string[],
): Promise<RowCount[]> {
  const counts: RowCount[] = [];
  for (const sheet of files.filter(isSheet)) {
    const read = async (dir: string) => {
      const bytes = await fileIn(dir, sheet);
      return bytes === null ? [] : csvRecords(sheet, bytes).records;
    };
    const { changes } = diffSheet(sheet, await read(before), await read(after)).diff;
    const count = (kind: string) => changes.filter((change) => change.change === kind).length;
    counts.push({ sheet, added: count('added'), removed: count('removed'), changed: count('changed') });
  }
  return counts;
}

/** What an undo or restore would do, before it is asked for. */
export interface Plan {
  files: string[];
  rows: RowCount[];
  /** For a restore: the later changes still live that it takes back, newest first. */
  takesBack: Change[];
  /** For an undo: the cells later changes touched, which stop it. */
  blocked: CellConflict[];
  /** The pages it changes on the live site; none when it is blocked or changes no file. */
  pages: PageChange[];
}

export class History {
  /** Per commit and file: its records, read once. */
  private readonly versions = new Map<string, Promise<string[][]>>();

  constructor(private readonly ws: Workspace) {}

  list(limit: number): Change[] {
    return structuredClone(this.ws.state.changes.slice(-limit).reverse());
  }

  find(changeId: string): Change {
    const change = this.ws.state.changes.find((entry) => entry.id === changeId);
    if (change === undefined) throw new PublishError('There is no such change in the history.');
    return change;
  }

  private records(commit: string, sheet: string): Promise<string[][]> {
    const id = `${commit}:${sheet}`;
    let read = this.versions.get(id);
    if (read === undefined) {
      read = this.ws.repo
        .fileAt(commit, sheet)
        .then((bytes) => (bytes === null ? [] : csvRecords(sheet, bytes).records));
      this.versions.set(id, read);
    }
    return read;
  }

  /** Says who last changed each conflict's live side, and when: the newest change that changed that cell. */
  async attribute(conflicts: readonly FoundConflict[]): Promise<CellConflict[]> {
    const recent = this.ws.state.changes.slice(-ATTRIBUTION_DEPTH).reverse();
    return Promise.all(
      conflicts.map(async (conflict) => {
        for (const change of recent) {
          if (!change.files.includes(conflict.sheet)) continue;
          const [after, before] = await Promise.all([
            this.records(change.commit, conflict.sheet),
            this.records(change.previousCommit, conflict.sheet),
          ]);
          if (
            cellAt(conflict.sheet, after, conflict.key, conflict.column) !==
            cellAt(conflict.sheet, before, conflict.key, conflict.column)
          )
            return { ...conflict, by: change.author.name, at: change.at };
        }
        return { ...conflict, by: null, at: null };
      }),
    );
  }

  /** The live sheets with `target`'s changes taken back, in `out`; the cells later changes touched stop it. */
  async reverted(target: Change, out: string): Promise<{ files: string[]; blocked: FoundConflict[] }> {
    if (target.kind !== 'publish')
      throw new PublishError(
        'Only a published change can be undone; to go back further, restore the site as it was.',
      );
    if (target.rolledBackBy !== null) throw new PublishError('This change was already taken back.');
    const live = this.ws.liveSheets();
    await removeTree(out);
    await linkTree(live, out);
    const blocked: FoundConflict[] = [];
    for (const path of target.files) {
      const [before, after, now] = await Promise.all([
        this.ws.repo.fileAt(target.previousCommit, path),
        this.ws.repo.fileAt(target.commit, path),
        fileIn(live, path),
      ]);
      let result: Uint8Array | null;
      if (isSheet(path) && before !== null && after !== null && now !== null) {
        const merged = mergeSheetFile(path, after, before, now);
        blocked.push(...merged.open);
        result = merged.bytes;
      } else if (equal(now, after)) {
        result = before;
      } else if (equal(now, before)) {
        continue;
      } else {
        blocked.push(wholeFile(path));
        continue;
      }
      await rm(join(out, path), { force: true });
      if (result === null) continue;
      await mkdir(dirname(join(out, path)), { recursive: true });
      await writeFile(join(out, path), result);
    }
    return { files: await differingFiles(live, out), blocked };
  }

  /** The sheets as they were right after `target`, in `out`. */
  async restored(target: Change, out: string): Promise<{ files: string[]; reuse?: string }> {
    await removeTree(out);
    const kept = join(this.ws.buildDir(target.build), 'sheets');
    const reusable = await exists(kept);
    if (reusable) await linkTree(kept, out);
    else await this.ws.repo.exportSheets(target.commit, out);
    const files = await differingFiles(this.ws.liveSheets(), out);
    return reusable ? { files, reuse: target.build } : { files };
  }

  /** The later changes still live that a restore to `target` takes back, newest first. */
  laterThan(target: Change): Change[] {
    const index = this.ws.state.changes.indexOf(target);
    return this.ws.state.changes
      .slice(index + 1)
      .filter((change) => change.rolledBackBy === null)
      .reverse();
  }
}

function equal(one: Uint8Array | null, other: Uint8Array | null): boolean {
  if (one === null || other === null) return one === other;
  return Buffer.from(one).equals(Buffer.from(other));
}

const wholeFile = (path: string): FoundConflict => ({
  sheet: path,
  key: '',
  label: 'the whole file',
  column: null,
  row: null,
  letter: null,
  base: null,
  yours: null,
  theirs: null,
});
