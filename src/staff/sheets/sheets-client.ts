/**
 * The Sheets screens' calls to /staff/api/sheets, each answer read with the
 * schema the service wrote it with. A failed call throws an Error whose
 * message is the service's reason in plain words.
 */
import { z } from 'zod';
import {
  HistoryEntrySchema,
  PictureResultSchema,
  PreviewSchema,
  SheetDetailSchema,
  SheetSummarySchema,
  UploadResultSchema,
  type PictureResult,
  type UploadResult,
} from '../../schema/staff-sheets';

const SHEETS_API = '/staff/api/sheets';

const ErrorSchema = z.object({ error: z.string() });

async function answer<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const error = ErrorSchema.safeParse(body);
  throw new Error(
    error.success ? error.data.error : `The service answered ${response.status}; try again in a moment.`,
  );
}

const get = <S extends z.ZodType>(path: string, schema: S) =>
  fetch(`${SHEETS_API}${path}`, { headers: { Accept: 'application/json' } }).then((r) => answer(r, schema));

const postJson = <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
  fetch(`${SHEETS_API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => answer(r, schema));

function postFile(path: string, file: File, fields: Record<string, string | null>): Promise<Response> {
  const form = new FormData();
  form.set('file', file);
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, value);
  return fetch(`${SHEETS_API}${path}`, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
}

export const sheetsClient = {
  list: () => get('', SheetSummarySchema.array()),
  sheet: (file: string) => get(`/${encodeURIComponent(file)}`, SheetDetailSchema),
  history: () => get('/history', HistoryEntrySchema.array()),
  pictures: () => get('/pictures', z.array(z.string())),
  download: (file: string, format: 'xlsx' | 'csv') => `${SHEETS_API}/${encodeURIComponent(file)}/download/${format}`,
  upload: (file: File, sheet: string | null, draftId: string | null): Promise<UploadResult> =>
    postFile('/upload', file, { sheet, draftId }).then((r) => answer(r, UploadResultSchema)),
  picture: (file: File, folder: string, draftId: string | null): Promise<PictureResult> =>
    postFile('/pictures', file, { folder, draftId }).then((r) => answer(r, PictureResultSchema)),
  preview: (draftId: string) => postJson('/preview', { draftId }, PreviewSchema),
  publish: (draftId: string, message: string) => postJson('/publish', { draftId, message }, HistoryEntrySchema),
  rollback: (changeId: string) => postJson('/rollback', { changeId }, HistoryEntrySchema),
};
