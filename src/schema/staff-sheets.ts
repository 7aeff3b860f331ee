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

/** A cell (or a whole row) that a colleague and you both changed since you downloaded the sheet, each differently. */
const CellConflictSchema = z.object({
  sheet: z.string(),
  /** Which row: its key cells and place among rows sharing them (see src/schema/row-identity.ts). */
  key: z.string(),
  /** The row's key cells in words, e.g. "SBI Bank · Vatika Professional Point". */
  label: z.string(),
  /** The column's header; null when one side removed the row and the other changed it. */
  column: z.string().nullable(),
  /** The spreadsheet row of the merged sheet (header = 1) and the column's letter, when the row is in it. */
  row: z.number().int().nullable(),
  letter: z.string().nullable(),
  /** The value when you downloaded; null when the row was not there. */
  base: z.string().nullable(),
  /** Yours; null when you removed the row. */
  yours: z.string().nullable(),
  /** What is live now; null when a colleague removed the row. */
  theirs: z.string().nullable(),
  /** Who changed it to what is live, and when (ISO); null when the history no longer says. */
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type CellConflict = z.output<typeof CellConflictSchema>;

/** Publish's 409 when colleagues changed, since the upload, cells the draft changes too: the cells to choose for. */
export const PublishConflictSchema = z.object({ error: z.string(), conflicts: z.array(CellConflictSchema) });

/** Your choice for one conflict: keep what is live (theirs) or what you uploaded (yours). */
export const ConflictChoiceSchema = z.object({
  sheet: z.string(),
  key: z.string(),
  column: z.string().nullable(),
  take: z.enum(['theirs', 'yours']),
});
export type ConflictChoice = z.output<typeof ConflictChoiceSchema>;

/** An upload that was read and checked with the other live sheets. */
const UploadCheckedSchema = z.object({
  status: z.literal('checked'),
  /** The sheet the upload goes to. */
  sheet: z.string(),
  /** The header and the rows with a problem of this sheet, as they will be published (not the whole sheet). */
  rows: z.array(SheetRowSchema),
  /** The spreadsheet's letter of each column (A, B, … AA), as the problems name them. */
  letters: z.array(z.string()),
  /** Every problem, in this sheet and in the sheets that refer to it. */
  problems: z.array(SheetProblemSchema),
  /** What publishing it changes on the live sheet: your changes merged with what went live since your download. */
  diff: SheetDiffSchema,
  /** Cells a colleague and you both changed since your download: choose theirs or yours for each before publishing. */
  conflicts: z.array(CellConflictSchema),
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
    /** The name it was uploaded with, when the service changed it into a web name; null otherwise. */
    uploadedAs: z.string().nullable(),
    /** True when it replaces a picture of the same name. */
    replaces: z.boolean(),
    /** Set when the picture is smaller than its use needs (sheets/README.md). */
    warning: z.string().nullable(),
    /** A draft of the pictures waiting, to publish them without a sheet. */
    draftId: z.string(),
  }),
]);

/** A picture of sheets/images, live or kept by the service until it is published or deleted. */
export const PictureEntrySchema = z.object({
  /** Relative to sheets/images, as a sheet names it. */
  path: z.string(),
  /** False while it waits in the shared library: a publish of a sheet that names it takes it along. */
  live: z.boolean(),
});
export type PictureEntry = z.output<typeof PictureEntrySchema>;
export type PictureResult = z.output<typeof PictureResultSchema>;

/** A page a change adds, changes or removes: its decoded address (the not-found page is /404). */
const PageChangeSchema = z.object({
  path: z.string(),
  change: z.enum(['added', 'changed', 'removed']),
});

/** The pages a draft changes, each viewable in the preview of the whole site. */
export const PreviewSchema = z.object({
  draftId: z.string(),
  /** Where the preview of the whole site starts, e.g. /staff/preview/abc/. */
  base: z.string(),
  pages: z.array(PageChangeSchema),
});

export const PublishRequestSchema = z.object({
  draftId: z.string().min(1),
  /** The member's choice for each conflict. */
  choices: z.array(ConflictChoiceSchema).max(10_000).default([]),
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
export type RowCount = z.output<typeof RowCountSchema>;

/** off: no git remote configured; pending: not tried yet; failed: tried, retried later; pushed: on the remote. */
export const PushStateSchema = z.enum(['off', 'pending', 'pushed', 'failed']);

/** A published change, undo or restore, as the History list shows it. */
export const HistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['publish', 'undo', 'restore', 'rollback']),
  /** Who published it. */
  author: z.string(),
  /** When it went live (ISO 8601). */
  at: z.string(),
  message: z.string(),
  /** Paths under sheets/ it changed. */
  files: z.array(z.string()),
  /** Rows added, removed and changed per sheet. */
  rows: z.array(RowCountSchema),
  /** The undo or restore that took it back, if any. */
  rolledBackBy: z.string().nullable(),
  /** Whether its change is on the live site: not taken back by an undo or restore. */
  live: z.boolean(),
  /** A published change still live: Undo takes back its cells. */
  canUndo: z.boolean(),
  /** Whether the commit reached the git host (off: none configured). */
  push: z.object({ state: PushStateSchema, error: z.string().nullable() }),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;

/** What an Undo or Restore will do, shown before the member confirms. */
export const ChangePlanSchema = z.object({
  /** Sheets and pictures it changes. */
  files: z.array(z.string()),
  rows: z.array(RowCountSchema),
  /** Restore: the later changes it takes back, newest first. */
  takesBack: z.array(HistoryEntrySchema),
  /** Undo: the cells later changes touched, which stop it. */
  blocked: z.array(CellConflictSchema),
  /** The website's pages it changes; none when it is blocked. */
  pages: z.array(PageChangeSchema),
});
export type ChangePlan = z.output<typeof ChangePlanSchema>;
export type PageChange = z.output<typeof PageChangeSchema>;
