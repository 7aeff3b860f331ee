/**
 * /staff/api/sheets: the console's Sheets screens. Lists the live sheets,
 * downloads them (Excel made for editing, or CSV), reads uploads into drafts
 * checked by the pipeline with the other live sheets, and previews, publishes,
 * undoes and restores through the publisher. An upload is merged with what
 * went live since the member's download (the Excel file names its version; a
 * CSV download is remembered per member). Answers only signed-in staff: the
 * console's guard stands in front of it; every write is in the audit log.
 */
import type { Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import { z } from 'zod';
import { columnLetter, isError, type Problem } from '../../pipeline/sheets/problem';
import { loadSite } from '../../pipeline/load-site';
import {
  ConflictChoiceSchema,
  PublishRequestSchema,
  type ChangePlan,
  type HistoryEntry,
  type PictureEntry,
  type PictureResult,
  type SheetProblem,
  type UploadResult,
} from '../../src/schema/staff-sheets';
import type { Author, Change, Publisher } from '../publish/publisher';
import { ConflictError, PublishError } from '../publish/publisher';
import type { SheetDownloads } from './downloads';
import { csvRecords, sheetVersion, styleOf, writeCsv } from './csv-file';
import { LiveSheets, SHEET_FILES, descriptions } from './live-sheets';
import { sizeWarning, webName } from './picture-names';
import { checkPicture, MAX_PICTURE_BYTES } from './pictures';
import { previewSite } from './preview-site';
import { readUpload } from './read-upload';
import { MAX_SHEET_BYTES, refusal, refuse } from './refusals';
import { diffSheet } from './row-diff';
import { sheetWorkbook } from './sheet-workbook';

export interface SheetsApiOptions {
  readonly publisher: Publisher;
  /** The checkout the publisher commits to: its sheets/ is the live sheets. */
  readonly repoDir: string;
  /** The signed-in staff member, as a change's author. */
  readonly member: (c: Context) => Author;
  /** Whether the signed-in member may restore the whole site (admins only). */
  readonly isAdmin: (c: Context) => boolean;
  /** The version of each sheet each member last downloaded as CSV. */
  readonly downloads: SheetDownloads;
  /** Writes who did what, to which sheet or change, in the audit log. */
  readonly audit: (c: Context, action: string, subject: string, detail: Record<string, unknown>) => Promise<void>;
  /** Where the previews are served, e.g. /staff/preview/ (see `previewSite`). */
  readonly previewBase: string;
  /** Sheet and picture uploads one member may make per minute (each may write a draft to disk). */
  readonly uploadsPerMinute?: number;
}

const toView = ({ sheet, row, column, field, severity, message, value }: Problem): SheetProblem => ({
  sheet, row, column, field, severity, message, value,
});

const fileOf = (body: Record<string, unknown>): File | null => (body.file instanceof File ? body.file : null);
const textOf = (body: Record<string, unknown>, name: string): string | null =>
  typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function historyEntry(change: Change): HistoryEntry {
  return {
    id: change.id,
    kind: change.kind,
    author: change.author.name,
    at: change.at,
    message: change.message,
    files: change.files,
    rows: change.rows,
    rolledBackBy: change.rolledBackBy,
    live: change.rolledBackBy === null,
    canUndo: change.rolledBackBy === null && change.kind === 'publish',
    push: { state: change.push.state, error: change.push.error },
  };
}

export function sheetsApi(options: SheetsApiOptions) {
  const { publisher, member, audit } = options;
  const live = new LiveSheets(options.repoDir);
  /** Per draft: its preview once built. */
  const previews = new Map<string, string>();
  const app = new Hono();

  const failed = (c: Context, error: unknown) => {
    if (error instanceof ConflictError) return c.json({ error: error.message, conflicts: error.conflicts }, 409);
    if (error instanceof PublishError) return c.json({ error: error.message }, 409);
    throw error;
  };

  /** The files of an earlier draft (pictures uploaded first), to carry into a new one. */
  async function carried(draftId: string | null, except: string) {
    if (draftId === null) return [];
    return (await publisher.draftFiles(draftId)).filter((file) => file.path !== except);
  }

  /** What the member started from: the version the Excel file names, else their last CSV download. */
  async function baseOf(c: Context, sheet: string, named: string | null): Promise<Uint8Array | null> {
    const version = named ?? (await options.downloads.find(member(c).email, sheet));
    return version === null ? null : live.version(version);
  }

  app.get('/', async (c) => c.json(await live.summaries()));

  /** Every picture a sheet may name: the live ones and those waiting in the shared library. */
  async function allPictures(): Promise<PictureEntry[]> {
    const [published, waiting] = await Promise.all([live.pictures(), publisher.waitingPictures()]);
    const entries = new Map(published.map((path) => [path, { path, live: true }]));
    for (const path of waiting) entries.set(path, { path, live: false });
    return [...entries.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  app.get('/pictures', async (c) => c.json(await allPictures()));

  app.delete('/pictures/:path{.+}', async (c) => {
    const path = c.req.param('path');
    if (!(await publisher.removePicture(path)))
      return c.json({ error: `No picture ${path} is waiting to be published; a live picture is removed by publishing without it.` }, 404);
    await audit(c, 'picture-deleted', `images/${path}`, {});
    return c.json(await allPictures());
  });

  app.get('/history', async (c) => c.json((await publisher.history(30)).map(historyEntry)));

  app.get('/plan/:kind{undo|restore}/:changeId', async (c) => {
    try {
      const kind = c.req.param('kind') as 'undo' | 'restore';
      const plan = await publisher.plan(kind, c.req.param('changeId'));
      const result: ChangePlan = { ...plan, takesBack: plan.takesBack.map(historyEntry) };
      return c.json(result);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.get('/:file{[\\w-]+\\.csv}/download/:format{xlsx|csv}', async (c) => {
    const file = c.req.param('file');
    const bytes = SHEET_FILES.includes(file) ? await live.bytes(file) : null;
    if (bytes === null) return c.json({ error: `There is no sheet ${file}.` }, 404);
    if (c.req.param('format') === 'csv') {
      await options.downloads.record(member(c).email, file, sheetVersion(bytes));
      c.header('Content-Disposition', attachment(file));
      return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    }
    const localities = await live.records('localities.csv');
    const nameColumn = localities[0]?.indexOf('name') ?? -1;
    const workbook = await sheetWorkbook({
      sheet: file,
      records: csvRecords(file, bytes).records,
      columns: descriptions().get(file)?.columns ?? [],
      version: sheetVersion(bytes),
      localities: nameColumn < 0 ? [] : localities.slice(1).map((row) => row[nameColumn] ?? ''),
      pictures: (await allPictures()).map((picture) => picture.path),
    });
    c.header('Content-Disposition', attachment(file.replace(/\.csv$/, '.xlsx')));
    return c.body(workbook as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  // Per member, so that one person's script cannot fill the disk; a sales team uploads far fewer.
  const uploadLimit = rateLimiter({
    windowMs: 60_000,
    limit: options.uploadsPerMinute ?? 30,
    keyGenerator: (c) => `upload ${member(c).email}`,
    handler: (c) =>
      c.json(
        {
          error: `You uploaded more than ${options.uploadsPerMinute ?? 30} files in a minute; wait a minute and upload again. Nothing of the last file was kept.`,
        },
        429,
      ),
  });

  const tooLarge = (limit: number) =>
    bodyLimit({
      maxSize: limit + 64 * 1024,
      onError: (c) =>
        c.json(refusal(refuse.tooLarge('This file', Number(c.req.header('Content-Length') ?? limit + 1))), 413),
    });

  app.post('/upload', uploadLimit, tooLarge(MAX_SHEET_BYTES), async (c) => {
    const body = await c.req.parseBody();
    const file = fileOf(body);
    if (file === null) return c.json(refusal(refuse.empty('The upload')), 422);
    const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()), chosen: textOf(body, 'sheet') };
    let liveBytes: Uint8Array | null = null;
    let liveRecords: string[][] = [];
    const read = await readUpload(upload, SHEET_FILES, async (sheet) => {
      liveBytes = await live.bytes(sheet);
      liveRecords = liveBytes === null ? [] : csvRecords(sheet, liveBytes).records;
      return liveRecords[0] ?? null;
    });
    if ('refusal' in read) return c.json(refusal(read.refusal), 422);

    const base = await baseOf(c, read.sheet, read.version);
    const from = base ?? liveBytes;
    const settled = diffSheet(read.sheet, from === null ? [] : csvRecords(read.sheet, from).records, read.records);
    const bytes = writeCsv(settled.records, styleOf(read.sheet, from));
    try {
      const draft = await publisher.createDraft([
        ...(await carried(textOf(body, 'draftId'), read.sheet)),
        { path: read.sheet, bytes, ...(base === null ? {} : { base }) },
      ]);
      const { problems } = await loadSite({ sheetsDir: draft.sheetsDir });
      const all = [...read.problems, ...problems];
      const merged = csvRecords(read.sheet, await readFile(join(draft.sheetsDir, read.sheet))).records;
      const { diff } = diffSheet(read.sheet, liveRecords, merged);
      const publishable = !all.some(isError) && (diff.changes.length > 0 || draft.files.length > 1);
      if (!publishable) await publisher.discardDraft(draft.id);

      const changedSinceDownload =
        base !== null && liveBytes !== null && sheetVersion(base) !== sheetVersion(liveBytes)
          ? diffSheet(read.sheet, csvRecords(read.sheet, base).records, liveRecords).diff
          : null;
      const count = (kind: string) => diff.changes.filter((change) => change.change === kind).length;
      await audit(c, 'sheet-uploaded', read.sheet, {
        file: file.name,
        added: count('added'),
        removed: count('removed'),
        changed: count('changed'),
        conflicts: draft.conflicts.length,
        errors: all.filter(isError).length,
      });
      const problemRows = new Set(all.filter((problem) => problem.sheet === read.sheet).map((problem) => problem.row));
      const result: UploadResult = {
        status: 'checked',
        sheet: read.sheet,
        rows: merged
          .map((cells, i) => ({ row: i + 1, cells }))
          .filter(({ row }) => row === 1 || problemRows.has(row)),
        letters: Array.from({ length: merged.reduce((most, row) => Math.max(most, row.length), 0) }, (_, i) =>
          columnLetter(i),
        ),
        problems: all.map(toView),
        diff,
        conflicts: draft.conflicts,
        changedSinceDownload,
        draftId: publishable ? draft.id : null,
      };
      return c.json(result);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/pictures', uploadLimit, tooLarge(MAX_PICTURE_BYTES), async (c) => {
    const body = await c.req.parseBody();
    const file = fileOf(body);
    if (file === null) return c.json(refusal(refuse.empty('The upload')), 422);
    const name = webName(file.name);
    const checked = await checkPicture(textOf(body, 'folder') ?? '', name, new Uint8Array(await file.arrayBuffer()));
    if ('refusal' in checked) return c.json(refusal(checked.refusal), 422);
    const path = `images/${checked.path}`;
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const replaces = (await allPictures()).some((picture) => picture.path === checked.path);
      await publisher.addPicture(checked.path, bytes);
      const draft = await publisher.createDraft([...(await carried(textOf(body, 'draftId'), path)), { path, bytes }]);
      await audit(c, 'picture-uploaded', path, { width: checked.width, height: checked.height, uploadedAs: file.name });
      const result: PictureResult = {
        status: 'checked',
        ...checked,
        uploadedAs: name === file.name ? null : file.name,
        replaces,
        warning: sizeWarning(checked.path, checked.width, checked.height),
        draftId: draft.id,
      };
      return c.json(result);
    } catch (error) {
      return failed(c, error);
    }
  });

  const DraftRequest = z.object({ draftId: z.string().min(1), choices: z.array(ConflictChoiceSchema).max(10_000).default([]) });

  app.post('/preview', async (c) => {
    const parsed = DraftRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Say which draft to preview.' }, 400);
    try {
      const { root, pages } = await publisher.preview(parsed.data.draftId, parsed.data.choices);
      previews.set(parsed.data.draftId, root);
      await audit(c, 'sheet-previewed', parsed.data.draftId, {});
      return c.json({ draftId: parsed.data.draftId, base: `${options.previewBase}${parsed.data.draftId}/`, pages });
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/publish', async (c) => {
    const parsed = PublishRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? 'Say what to publish.' }, 400);
    const { draftId, message, choices } = parsed.data;
    try {
      const change = await publisher.publish(draftId, member(c), message, { choices });
      previews.delete(draftId);
      await audit(c, 'sheet-published', change.files.join(', '), { change: change.id, message, choices: choices.length });
      return c.json(historyEntry(change));
    } catch (error) {
      return failed(c, error);
    }
  });

  const ChangeRequest = z.object({ changeId: z.string().min(1) });

  app.post('/undo', async (c) => {
    const parsed = ChangeRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Say which change to undo.' }, 400);
    try {
      const change = await publisher.undo(parsed.data.changeId, member(c));
      await audit(c, 'sheet-undone', parsed.data.changeId, { change: change.id });
      return c.json(historyEntry(change));
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/restore', async (c) => {
    if (!options.isAdmin(c))
      return c.json({ error: 'Only an admin may restore the whole site as it was. Ask an admin, or undo one change.' }, 403);
    const parsed = ChangeRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Say which change to restore the site to.' }, 400);
    try {
      const change = await publisher.restore(parsed.data.changeId, member(c));
      await audit(c, 'site-restored', parsed.data.changeId, { change: change.id, takesBack: change.takesBack });
      return c.json(historyEntry(change));
    } catch (error) {
      return failed(c, error);
    }
  });

  return { api: app, preview: previewSite(options.previewBase, (draftId) => previews.get(draftId)) };
}
