/**
 * What the staff console's Sheets screens and the service's /staff/api/sheets
 * say to each other. The service answers with these shapes and the console
 * reads them with the same schemas, so the two cannot drift.
 */
import { z } from 'zod';

/** A problem the sheet checks found, as `npm run check:sheets` reports it. */
const SheetProblemSchema = z.object({
  /** Sheet file name, e.g. pre-rented.csv. */
  sheet: z.string(),
  /** Spreadsheet row (header = 1); null when it concerns the whole sheet. */
  row: z.number().int().nullable(),
  /** Column letter (A, B, … AA); null when it concerns a whole row or sheet. */
  column: z.string().nullable(),
  /** Header of that column, or the setting's name in settings.csv. */
  field: z.string().nullable(),
  severity: z.enum(['error', 'warning']),
  /** What is wrong and what to write instead, in plain words. */
  message: z.string(),
  /** The cell text as found, when there is one. */
  value: z.string().nullable(),
});
export type SheetProblem = z.output<typeof SheetProblemSchema>;

/** A published change as the sheets list shows it. */
const SheetChangeSchema = z.object({
  /** Who published it. */
  author: z.string(),
  /** When, as an ISO 8601 date and time. */
  date: z.string(),
  /** The one-line description given when publishing. */
  message: z.string(),
});
export type SheetChange = z.output<typeof SheetChangeSchema>;

/** One sheet in the console's list. */
export const SheetSummarySchema = z.object({
  /** File name, e.g. pre-rented.csv. */
  file: z.string(),
  /** What the sheet holds, in plain words. */
  description: z.string(),
  /** Rows below the header. */
  rows: z.number().int(),
  /** The last published change of this sheet; null when git knows none. */
  lastChange: SheetChangeSchema.nullable(),
});
export type SheetSummary = z.output<typeof SheetSummarySchema>;

/** A row of a sheet: its spreadsheet row number (header = 1) and its cells. */
const SheetRowSchema = z.object({ row: z.number().int(), cells: z.array(z.string()) });

/** A row that differs between two versions of a sheet. */
const RowChangeSchema = z.object({
  change: z.enum(['added', 'removed', 'changed']),
  /** The row as it was; null for an added row. */
  before: SheetRowSchema.nullable(),
  /** The row as it will be; null for a removed row. */
  after: SheetRowSchema.nullable(),
  /** Zero-based indexes of the columns whose value changed (a changed row only). */
  cells: z.array(z.number().int()),
});
export type RowChange = z.output<typeof RowChangeSchema>;

const SheetDiffSchema = z.object({
  header: z.array(z.string()),
  changes: z.array(RowChangeSchema),
});
export type SheetDiff = z.output<typeof SheetDiffSchema>;

/** An upload the service would not read, with the reason in plain words; nothing was written. */
const UploadRefusedSchema = z.object({
  status: z.literal('refused'),
  code: z.string(),
  message: z.string(),
});
export type UploadRefused = z.output<typeof UploadRefusedSchema>;

/** An upload that was read and checked with the other live sheets. */
const UploadCheckedSchema = z.object({
  status: z.literal('checked'),
  /** The sheet the upload goes to. */
  sheet: z.string(),
  /** The uploaded cells, header row first, as they will be published. */
  records: z.array(z.array(z.string())),
  /** The spreadsheet's letter of each column (A, B, … AA), as the problems name them. */
  letters: z.array(z.string()),
  /** Every problem, in this sheet and in the sheets that refer to it. */
  problems: z.array(SheetProblemSchema),
  /** The upload against the live sheet. */
  diff: SheetDiffSchema,
  /**
   * Set when the sheet was published again after the uploaded file was
   * downloaded: what changed on the live sheet since then.
   */
  changedSinceDownload: SheetDiffSchema.nullable(),
  /** The draft to preview and publish; null when an error stops it. */
  draftId: z.string().nullable(),
});
export type UploadChecked = z.output<typeof UploadCheckedSchema>;

export const UploadResultSchema = z.discriminatedUnion('status', [UploadRefusedSchema, UploadCheckedSchema]);
export type UploadResult = z.output<typeof UploadResultSchema>;

/** A picture uploaded into sheets/images. */
export const PictureResultSchema = z.discriminatedUnion('status', [
  UploadRefusedSchema,
  z.object({
    status: z.literal('checked'),
    /** Its path inside sheets/images, as a sheet names it. */
    path: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** True when it replaces a picture of the same name. */
    replaces: z.boolean(),
    draftId: z.string(),
  }),
]);
export type PictureResult = z.output<typeof PictureResultSchema>;

/** The pages a draft changes, each viewable in the preview of the whole site. */
export const PreviewSchema = z.object({
  draftId: z.string(),
  /** Where the preview of the whole site starts, e.g. /staff/preview/abc/. */
  base: z.string(),
  pages: z.array(z.object({ path: z.string(), change: z.enum(['added', 'changed', 'removed']) })),
});

export const PublishRequestSchema = z.object({
  draftId: z.string().min(1),
  /** The one-line description of the change, for the history. */
  message: z.string().trim().min(1, 'Say in a few words what this change does.').max(200),
});

/** The folders of sheets/images a picture may be uploaded into (sheets/README.md names them). */
export const PICTURE_FOLDERS = [
  'projects',
  'pre-rented',
  'localities',
  'team',
  'awards',
  'builders',
  'site',
] as const;

/** How many rows of one sheet a change added, removed and changed (as the upload's row diff counted them). */
export const RowCountSchema = z.object({
  sheet: z.string(),
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  changed: z.number().int().min(0),
});

/** off: no git remote configured; pending: not tried yet; failed: tried, retried later; pushed: on the remote. */
export const PushStateSchema = z.enum(['off', 'pending', 'pushed', 'failed']);

/** A published change or roll back, as the History list shows it. */
export const HistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['publish', 'rollback']),
  /** Who published it. */
  author: z.string(),
  /** When it went live (ISO 8601). */
  at: z.string(),
  message: z.string(),
  /** Paths under sheets/ it changed. */
  files: z.array(z.string()),
  /** Rows added, removed and changed per sheet. */
  rows: z.array(RowCountSchema),
  /** The roll back that undid it, if any. */
  rolledBackBy: z.string().nullable(),
  /** One of the last ten changes, not undone yet. */
  canRollBack: z.boolean(),
  /** Whether the commit reached the git host (off: none configured). */
  push: z.object({ state: PushStateSchema, error: z.string().nullable() }),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;
