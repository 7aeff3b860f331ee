/**
 * The Sheets screens' calls to /staff/api/sheets, each answer read with the
 * schema the service wrote it with. A failed call throws an Error whose
 * message is the service's reason in plain words.
 */
import type { z } from 'zod';
import { api, UNREACHABLE } from '../api';
import { ApiProblemSchema } from '../../schema/staff';
import {
  ChangePlanSchema,
  HistoryEntrySchema,
  PictureEntrySchema,
  PictureResultSchema,
  PreviewSchema,
  SheetSummarySchema,
  UploadResultSchema,
  type ConflictChoice,
  type PictureResult,
  type UploadResult,
} from '../../schema/staff-sheets';

const SHEETS_API = '/staff/api/sheets';

/**
 * Reads an upload's answer: a refusal (422, 413) is an answer like a check,
 * with the reason in plain words; other failures throw the service's words.
 */
async function uploaded<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
  if (response.status === 401) {
    location.assign(`/staff/sign-in?next=${encodeURIComponent(location.pathname)}`);
    throw new Error('Your session has ended; sign in again.');
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problem = ApiProblemSchema.safeParse(body);
  throw new Error(problem.success ? problem.data.error : `The service answered ${response.status}; try again.`);
}

async function postFile(path: string, file: File, fields: Record<string, string | null>): Promise<Response> {
  const form = new FormData();
  form.set('file', file);
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, value);
  try {
    return await fetch(`${SHEETS_API}${path}`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
}

export const sheetsClient = {
  list: (signal: AbortSignal) => api('/sheets', SheetSummarySchema.array(), { signal }),
  history: (signal: AbortSignal) => api('/sheets/history', HistoryEntrySchema.array(), { signal }),
  download: (file: string, format: 'xlsx' | 'csv') =>
    `${SHEETS_API}/${encodeURIComponent(file)}/download/${format}`,
  upload: (file: File, sheet: string | null, draftId: string | null): Promise<UploadResult> =>
    postFile('/upload', file, { sheet, draftId }).then((r) => uploaded(r, UploadResultSchema)),
  pictures: (signal: AbortSignal) => api('/sheets/pictures', PictureEntrySchema.array(), { signal }),
  deletePicture: (path: string) =>
    api(`/sheets/pictures/${path.split('/').map(encodeURIComponent).join('/')}`, PictureEntrySchema.array(), {
      method: 'DELETE',
    }),
  picture: (file: File, folder: string, draftId: string | null): Promise<PictureResult> =>
    postFile('/pictures', file, { folder, draftId }).then((r) => uploaded(r, PictureResultSchema)),
  preview: (draftId: string, choices: readonly ConflictChoice[]) =>
    api('/sheets/preview', PreviewSchema, { method: 'POST', body: { draftId, choices } }),
  publish: (draftId: string, message: string, choices: readonly ConflictChoice[]) =>
    api('/sheets/publish', HistoryEntrySchema, { method: 'POST', body: { draftId, message, choices } }),
  plan: (kind: 'undo' | 'restore', changeId: string) =>
    api(`/sheets/plan/${kind}/${encodeURIComponent(changeId)}`, ChangePlanSchema),
  undo: (changeId: string) => api('/sheets/undo', HistoryEntrySchema, { method: 'POST', body: { changeId } }),
  restore: (changeId: string) => api('/sheets/restore', HistoryEntrySchema, { method: 'POST', body: { changeId } }),
};
