/**
 * The publisher's state file: which build is live, the history of changes,
 * and the journal of a publish in progress. It is replaced whole (write to a
 * temporary file, then rename), so a crash leaves the old state or the new
 * one, and the journal tells the next start how to finish or undo.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { PushStateSchema, RowCountSchema } from '../../src/schema/staff-sheets';
import { writeFileAtomic } from '../../pipeline/sheets/write-atomic';

export type { RowCount } from '../../src/schema/staff-sheets';

export const AuthorSchema = z.object({
  /** The staff member's name, as git records the commit's author. */
  name: z
    .string()
    .trim()
    .min(1, 'The author needs a name.')
    .max(100)
    .regex(/^[^<>\p{Cc}]*$/u, 'A name may not hold <, > or control characters.'),
  email: z.email('The author needs a valid email address.'),
});

const PushSchema = z.object({
  state: PushStateSchema,
  /** git's reason for the last failure. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** When it was last tried (ISO), null before the first try. */
  triedAt: z.string().nullable(),
});

/**
 * publish: an upload made live; undo: one change's cells taken back; restore: the sheets put
 * back as they were after an earlier change; rollback: a whole-file roll back of earlier versions.
 */
export const ChangeKindSchema = z.enum(['publish', 'undo', 'restore', 'rollback']);

export const ChangeSchema = z.object({
  id: z.string(),
  kind: ChangeKindSchema,
  /** The git commit of sheets/ it made. */
  commit: z.string(),
  author: AuthorSchema,
  /** When it went live (ISO). */
  at: z.string(),
  /** The one-line description staff gave (for an undo or restore, made from the change it names). */
  message: z.string(),
  /** Paths under sheets/ that it added, changed or removed. */
  files: z.array(z.string()),
  /** Rows changed per sheet, when the caller counted them. */
  rows: z.array(RowCountSchema),
  /** For an undo: the change it took back; for a restore: the change whose sheets it returned to. */
  rollbackOf: z.string().nullable(),
  /** For a restore: the later changes it took back. */
  takesBack: z.array(z.string()).default([]),
  /** The undo or restore that later took this change back, if any: a change is live while this is null. */
  rolledBackBy: z.string().nullable(),
  /**
   * The build it made live, and the one live before it. Empty for a change another instance
   * published that this one passed over on its way to a later one (follow.ts).
   */
  build: z.string(),
  previousBuild: z.string(),
  /** The commit whose sheets were live before it. */
  previousCommit: z.string(),
  push: PushSchema,
});

const PendingSchema = z.object({
  kind: ChangeKindSchema,
  changeId: z.string(),
  build: z.string(),
  /** Whether the build was made for this change (an undo or restore may reuse a kept one). */
  newBuild: z.boolean(),
  /** building: the checkout is untouched; committing: sheets/ may be half written, the commit may exist. */
  phase: z.enum(['building', 'committing']),
  change: ChangeSchema.omit({ commit: true }),
});

const StateSchema = z.object({
  version: z.literal(1),
  live: z.object({ build: z.string(), commit: z.string() }),
  /** The developer build adopted last (`npm run build`'s output) and its manifest's hash, to notice a newer one. */
  adopted: z.object({ build: z.string(), fingerprint: z.string() }),
  /** Oldest first. */
  changes: z.array(ChangeSchema),
  pending: PendingSchema.nullable(),
});

export type Author = z.output<typeof AuthorSchema>;
export type Change = z.output<typeof ChangeSchema>;
export type Pending = z.output<typeof PendingSchema>;
export type PublisherState = z.output<typeof StateSchema>;

/** Marks the earlier changes `change` takes back (an undo's one, a restore's later ones) as taken back by it. */
export function takeBack(changes: readonly Change[], change: Change): void {
  const undone = new Set([
    ...change.takesBack,
    ...(change.kind === 'undo' && change.rollbackOf !== null ? [change.rollbackOf] : []),
  ]);
  for (const earlier of changes)
    if (undone.has(earlier.id) && earlier.rolledBackBy === null) earlier.rolledBackBy = change.id;
}

export async function readState(file: string): Promise<PublisherState | null> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  const parsed = StateSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${file} is not a publisher state this version understands: ${parsed.error.message}`);
  return parsed.data;
}

export const writeState = (file: string, state: PublisherState) =>
  writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
