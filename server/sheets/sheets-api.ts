/**
 * /staff/api/sheets: the console's Sheets screens. Lists the live sheets,
 * downloads them (Excel made for editing, or CSV), reads uploads into drafts
 * checked by the pipeline with the other live sheets, and previews, publishes
 * and rolls back through the publisher. Answers only signed-in staff: the
 * console's guard stands in front of it; every write is in the audit log.
 */
import type { Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { columnLetter, isError, type Problem } from '../../pipeline/sheets/problem';
import { loadSite } from '../../pipeline/load-site';
import {
  PublishRequestSchema,
  type HistoryEntry,
  type PictureResult,
  type SheetProblem,
  type UploadResult,
} from '../../src/schema/staff-sheets';
import type { Author, Change, Publisher, RowCount } from '../publish/publisher';
import { PublishError } from '../publish/publisher';
import { csvRecords, sheetVersion, styleOf, writeCsv } from './csv-file';
import { LiveSheets, SHEET_FILES, descriptions } from './live-sheets';
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
  /** Writes who did what, to which sheet or change, in the audit log. */
  readonly audit: (c: Context, action: string, subject: string, detail: Record<string, unknown>) => Promise<void>;
  /** Where the previews are served, e.g. /staff/preview/ (see `previewSite`). */
  readonly previewBase: string;
}

const toView = ({ sheet, row, column, field, severity, message, value }: Problem): SheetProblem => ({
  sheet, row, column, field, severity, message, value,
});

const fileOf = (body: Record<string, unknown>): File | null => (body.file instanceof File ? body.file : null);
const textOf = (body: Record<string, unknown>, name: string): string | null =>
  typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function historyEntry(change: Change, index: number): HistoryEntry {
  return {
    id: change.id,
    kind: change.kind,
    author: change.author.name,
    at: change.at,
    message: change.message,
    files: change.files,
    rows: change.rows,
    rolledBackBy: change.rolledBackBy,
    canRollBack: index < 10 && change.rolledBackBy === null && change.kind === 'publish',
    push: { state: change.push.state, error: change.push.error },
  };
}

export function sheetsApi(options: SheetsApiOptions) {
  const { publisher, member, audit } = options;
  const live = new LiveSheets(options.repoDir);
  /** Per draft: the rows it changes, for the history; and its preview once built. */
  const drafts = new Map<string, { rows: RowCount[]; preview?: string }>();
  const app = new Hono();

  const failed = (c: Context, error: unknown) => {
    if (error instanceof PublishError) return c.json({ error: error.message }, 409);
    throw error;
  };

  /** The files of an earlier draft (pictures uploaded first), to carry into a new one. */
  async function carried(draftId: string | null, except: string) {
    if (draftId === null) return [];
    const draft = await publisher.draft(draftId);
    const files = draft.files.filter((path) => path !== except);
    return Promise.all(files.map(async (path) => ({ path, bytes: new Uint8Array(await readFile(join(draft.sheetsDir, path))) })));
  }

  app.get('/', async (c) => c.json(await live.summaries()));

  app.get('/pictures', async (c) => c.json(await live.pictures()));

  app.get('/history', async (c) => c.json((await publisher.history(30)).map(historyEntry)));

  app.get('/:file{[\\w-]+\\.csv}/download/:format{xlsx|csv}', async (c) => {
    const file = c.req.param('file');
    const bytes = SHEET_FILES.includes(file) ? await live.bytes(file) : null;
    if (bytes === null) return c.json({ error: `There is no sheet ${file}.` }, 404);
    if (c.req.param('format') === 'csv') {
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
      pictures: await live.pictures(),
    });
    c.header('Content-Disposition', attachment(file.replace(/\.csv$/, '.xlsx')));
    return c.body(workbook as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  const tooLarge = (limit: number) =>
    bodyLimit({
      maxSize: limit + 64 * 1024,
      onError: (c) =>
        c.json(refusal(refuse.tooLarge('This file', Number(c.req.header('Content-Length') ?? limit + 1))), 413),
    });

  app.post('/upload', tooLarge(MAX_SHEET_BYTES), async (c) => {
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

    const settled = diffSheet(read.sheet, liveRecords, read.records);
    const bytes = writeCsv(settled.records, styleOf(read.sheet, liveBytes));
    try {
      const draft = await publisher.createDraft([...(await carried(textOf(body, 'draftId'), read.sheet)), { path: read.sheet, bytes }]);
      const { problems } = await loadSite({ sheetsDir: draft.sheetsDir });
      const all = [...read.problems, ...problems];
      const changes = settled.diff.changes;
      const rows: RowCount = {
        sheet: read.sheet,
        added: changes.filter((change) => change.change === 'added').length,
        removed: changes.filter((change) => change.change === 'removed').length,
        changed: changes.filter((change) => change.change === 'changed').length,
      };
      const publishable = !all.some(isError) && (changes.length > 0 || draft.files.length > 1);
      if (publishable) drafts.set(draft.id, { rows: [rows] });
      else await publisher.discardDraft(draft.id);

      let changedSinceDownload = null;
      if (read.version !== null && liveBytes !== null && read.version !== sheetVersion(liveBytes)) {
        const then = await live.version(read.version);
        changedSinceDownload = diffSheet(read.sheet, then === null ? liveRecords.slice(0, 1) : csvRecords(read.sheet, then).records, liveRecords).diff;
      }
      await audit(c, 'sheet-uploaded', read.sheet, { file: file.name, ...rows, errors: all.filter(isError).length });
      const result: UploadResult = {
        status: 'checked',
        sheet: read.sheet,
        records: settled.records,
        letters: Array.from({ length: settled.records.reduce((most, row) => Math.max(most, row.length), 0) }, (_, i) =>
          columnLetter(i),
        ),
        problems: all.map(toView),
        diff: settled.diff,
        changedSinceDownload,
        draftId: publishable ? draft.id : null,
      };
      return c.json(result);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/pictures', tooLarge(MAX_PICTURE_BYTES), async (c) => {
    const body = await c.req.parseBody();
    const file = fileOf(body);
    if (file === null) return c.json(refusal(refuse.empty('The upload')), 422);
    const checked = await checkPicture(textOf(body, 'folder') ?? '', file.name, new Uint8Array(await file.arrayBuffer()));
    if ('refusal' in checked) return c.json(refusal(checked.refusal), 422);
    const path = `images/${checked.path}`;
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const draft = await publisher.createDraft([...(await carried(textOf(body, 'draftId'), path)), { path, bytes }]);
      drafts.set(draft.id, { rows: drafts.get(textOf(body, 'draftId') ?? '')?.rows ?? [] });
      await audit(c, 'picture-uploaded', path, { width: checked.width, height: checked.height });
      const result: PictureResult = {
        status: 'checked',
        ...checked,
        replaces: (await live.pictures()).includes(checked.path),
        draftId: draft.id,
      };
      return c.json(result);
    } catch (error) {
      return failed(c, error);
    }
  });

  const DraftRequest = z.object({ draftId: z.string().min(1) });

  app.post('/preview', async (c) => {
    const parsed = DraftRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Say which draft to preview.' }, 400);
    try {
      const { root, pages } = await publisher.preview(parsed.data.draftId);
      const known = drafts.get(parsed.data.draftId) ?? { rows: [] };
      drafts.set(parsed.data.draftId, { ...known, preview: root });
      await audit(c, 'sheet-previewed', parsed.data.draftId, {});
      return c.json({ draftId: parsed.data.draftId, base: `${options.previewBase}${parsed.data.draftId}/`, pages });
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/publish', async (c) => {
    const parsed = PublishRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? 'Say what to publish.' }, 400);
    const { draftId, message } = parsed.data;
    try {
      const change = await publisher.publish(draftId, member(c), message, { rows: drafts.get(draftId)?.rows ?? [] });
      drafts.delete(draftId);
      await audit(c, 'sheet-published', change.files.join(', '), { change: change.id, message });
      return c.json(historyEntry(change, 0));
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post('/rollback', async (c) => {
    const parsed = z.object({ changeId: z.string().min(1) }).safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Say which change to roll back.' }, 400);
    try {
      const change = await publisher.rollback(parsed.data.changeId, member(c));
      await audit(c, 'sheet-rolled-back', parsed.data.changeId, { change: change.id });
      return c.json(historyEntry(change, 0));
    } catch (error) {
      return failed(c, error);
    }
  });

  return { api: app, preview: previewSite(options.previewBase, (draftId) => drafts.get(draftId)?.preview) };
}
