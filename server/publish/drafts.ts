/**
 * Drafts: the files a member uploaded, not live yet. A draft keeps each file
 * as uploaded (yours) and, for a sheet, the version its uploader started from
 * (base). Whenever it is checked, previewed or published it is merged with the
 * sheets live at that moment (merge.ts), so a colleague's publish in between
 * is kept, and a cell both changed is a conflict to choose, never lost.
 *
 * The draft's whole sheets folder, for the checks, is hard links to the live
 * sheets with the merged files written anew: an upload costs the size of what
 * it changes, not of sheets/.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { z } from 'zod';
import type { ConflictChoice } from '../../src/schema/staff-sheets';
import type { FoundConflict } from './merge';
import { mergeSheetFile } from './merge';
import type { PictureLibrary } from './picture-library';
import { differingFiles, linkTree, removeTree } from './tree';
import type { Workspace } from './workspace';
import { newId, PublishError } from './workspace';

/** Drafts nobody published are removed after this long. */
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const DraftFileSchema = z.object({
  id: z.string(),
  /** The draft's sheets as checked when it was made: a whole folder, as `loadSite({ sheetsDir })` reads it. */
  sheetsDir: z.string(),
  /** The commit whose sheets were live when the draft was made. */
  baseCommit: z.string(),
  /** The files it replaces or adds, relative to sheets/. */
  files: z.array(z.string()),
  /** The sheets among them that have a base: the version the member started from. */
  based: z.array(z.string()).default([]),
  createdAt: z.string(),
});

/** Files a staff member uploaded, merged with the live sheets. @public */
export type Draft = z.output<typeof DraftFileSchema>;

export interface DraftFile {
  /** Relative to sheets/. */
  path: string;
  bytes: Uint8Array;
  /** For a sheet: the version the member started from; omitted, the live one now. */
  base?: Uint8Array | null;
}

/** A draft file's path under sheets/, or a reason it cannot be one. */
function sheetPath(path: string): string {
  const normal = posix.normalize(path);
  if (
    path === '' ||
    path !== normal ||
    normal.startsWith('/') ||
    normal.startsWith('../') ||
    normal === '..' ||
    /[\\\0]/.test(path) ||
    normal.split('/').some((part) => part.startsWith('.'))
  )
    throw new PublishError(`"${path}" is not a file name inside the sheets folder.`);
  return normal;
}

/** Whether a path under sheets/ is a sheet (a CSV file at its top), rather than a picture. */
export const isSheet = (path: string) => !path.includes('/') && path.endsWith('.csv');

/** Writes a file where a hard link to a live file may stand: the link is removed first, the live file untouched. */
async function replaceFile(target: string, bytes: Uint8Array | null): Promise<void> {
  await rm(target, { force: true });
  if (bytes === null) return;
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes);
}

export class Drafts {
  constructor(
    private readonly ws: Workspace,
    private readonly library: PictureLibrary,
  ) {}

  private dir(id: string) {
    return join(this.ws.dirs.drafts, id);
  }

  async create(files: DraftFile[]): Promise<{ draft: Draft; conflicts: FoundConflict[] }> {
    if (files.length === 0) throw new PublishError('A draft needs at least one file.');
    const paths = files.map((file) => sheetPath(file.path));
    const id = newId('d');
    const dir = this.dir(id);
    const based: string[] = [];
    for (const [i, file] of files.entries()) {
      const path = paths[i] as string;
      await replaceFile(join(dir, 'yours', path), file.bytes);
      if (!isSheet(path)) continue;
      const base =
        file.base !== undefined
          ? file.base
          : await readFile(join(this.ws.liveSheets(), path)).catch(() => null);
      if (base !== null) {
        await replaceFile(join(dir, 'base', path), base);
        based.push(path);
      }
    }
    const draft: Draft = {
      id,
      sheetsDir: join(dir, 'sheets'),
      baseCommit: this.ws.state.live.commit,
      files: [...new Set(paths)].sort(),
      based: [...new Set(based)].sort(),
      createdAt: new Date().toISOString(),
    };
    const { conflicts } = await this.compose(draft, draft.sheetsDir, [], 'all');
    await writeFile(join(dir, 'draft.json'), JSON.stringify(draft));
    return { draft, conflicts };
  }

  async get(draftId: string): Promise<Draft> {
    if (!/^d[\w-]+$/.test(draftId)) throw new PublishError('There is no such draft.');
    const text = await readFile(join(this.dir(draftId), 'draft.json'), 'utf8').catch(() => null);
    if (text === null) throw new PublishError('This draft no longer exists: upload the files again.');
    return DraftFileSchema.parse(JSON.parse(text));
  }

  /** The files as uploaded, to carry into a newer draft. */
  async files(draft: Draft): Promise<DraftFile[]> {
    return Promise.all(
      draft.files.map(async (path) => ({
        path,
        bytes: new Uint8Array(await readFile(join(this.dir(draft.id), 'yours', path))),
        base: draft.based.includes(path)
          ? new Uint8Array(await readFile(join(this.dir(draft.id), 'base', path)))
          : null,
      })),
    );
  }

  async discard(draftId: string): Promise<void> {
    await removeTree(this.dir(draftId));
    await removeTree(join(this.ws.dirs.previews, draftId));
  }

  /**
   * The sheets a draft makes live now, in `target`: the live sheets with the library's pictures
   * (`pictures`: all, or those a sheet names), and each of its sheets merged in (its other files
   * laid over them). Returns the files that differ from the live ones, and the conflicts with
   * what went live since the member's download.
   */
  async compose(
    draft: Draft,
    target: string,
    choices: readonly ConflictChoice[],
    pictures: 'all' | 'named',
  ): Promise<{ files: string[]; conflicts: FoundConflict[]; open: FoundConflict[] }> {
    const live = this.ws.liveSheets();
    await removeTree(target);
    await linkTree(live, target);
    if (pictures === 'all') await this.library.layOver(target, 'all');
    const conflicts: FoundConflict[] = [];
    const open: FoundConflict[] = [];
    for (const path of draft.files) {
      const yours = new Uint8Array(await readFile(join(this.dir(draft.id), 'yours', path)));
      if (!draft.based.includes(path)) {
        await replaceFile(join(target, path), yours);
        continue;
      }
      const base = new Uint8Array(await readFile(join(this.dir(draft.id), 'base', path)));
      const theirs = await readFile(join(live, path)).catch(() => null);
      const merged = mergeSheetFile(
        path,
        base,
        yours,
        theirs === null ? null : new Uint8Array(theirs),
        choices,
      );
      conflicts.push(...merged.conflicts);
      open.push(...merged.open);
      await replaceFile(join(target, path), merged.bytes);
    }
    if (pictures === 'named') await this.library.layOver(target, 'named');
    return { files: await differingFiles(live, target), conflicts, open };
  }

  /** Removes drafts older than a day, and those no longer readable. */
  async sweep(now = Date.now()): Promise<void> {
    for (const entry of await readdir(this.ws.dirs.drafts).catch(() => [])) {
      const draft = await this.get(entry).catch(() => null);
      if (draft === null || now - Date.parse(draft.createdAt) > DRAFT_LIFETIME_MS) await this.discard(entry);
    }
  }
}
