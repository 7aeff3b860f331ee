/**
 * The queue of changes kept in the database, for instances sharing one
 * PostgreSQL server (migration 009): a publish, undo or restore asked of any
 * instance is a row holding all its run needs, run oldest first by whichever
 * instance holds the publish lock, and its outcome is written back for the
 * instance asked, which waits for it. Each step is announced with NOTIFY on
 * `publish_queue`; a poll stands in for a notice lost with a connection.
 */
import type pg from 'pg';
import { z } from 'zod';
import { ConflictChoiceSchema, PublishConflictSchema } from '../../src/schema/staff-sheets';
import type { CellConflict, ConflictChoice } from '../../src/schema/staff-sheets';
import type { DraftFile } from './drafts';
import type { Author, Change } from './state';
import { ChangeSchema } from './state';
import { PublishError } from './workspace';

/** The channel each row's steps are announced on: `<queued|running|finished> <id>`. */
export const QUEUE_CHANNEL = 'publish_queue';
/** How often an instance waiting for its change reads its row, should a notice be lost. */
const POLL_MS = 1000;
/** Finished rows are kept this long, for an operator to read what ran where. */
const KEPT_DAYS = 30;

/** A picture of the library, relative to sheets/images. */
export interface Picture {
  path: string;
  bytes: Uint8Array;
}

/** What a publish needs on any instance: the draft's files with their bases, and the waiting pictures its sheets name. */
interface PublishInputs {
  choices: ConflictChoice[];
  files: DraftFile[];
  pictures: Picture[];
}

/** A change asked of this instance, to queue. */
export interface NewQueuedChange {
  id: string;
  kind: 'publish' | 'undo' | 'restore';
  author: Author;
  /** A publish's description. */
  message: string | null;
  /** The change an undo or restore names. */
  target: string | null;
  inputs: PublishInputs | null;
}

/** A row to run: `running` when the instance that started it stopped before finishing. */
export interface QueuedChange extends NewQueuedChange {
  state: 'queued' | 'running';
  /** How many runs of it started. */
  attempts: number;
}

/** How a queued change ended, and which instance ran it. */
export type Outcome =
  | { change: Change; runBy: string | null }
  | { error: string; conflicts: CellConflict[] | null; runBy: string | null };

const bytes = z.base64().transform((text) => new Uint8Array(Buffer.from(text, 'base64')));

const InputsSchema = z.object({
  choices: z.array(ConflictChoiceSchema),
  files: z.array(z.object({ path: z.string(), bytes, base: bytes.nullable() })),
  pictures: z.array(z.object({ path: z.string(), bytes })),
});

const RowSchema = z.object({
  id: z.string(),
  kind: z.enum(['publish', 'undo', 'restore']),
  author_name: z.string(),
  author_email: z.string(),
  message: z.string().nullable(),
  target: z.string().nullable(),
  inputs: InputsSchema.nullable(),
  state: z.enum(['queued', 'running']),
  attempts: z.number().int(),
});

const FinishedSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('done'), result: ChangeSchema, run_by: z.string().nullable() }),
  z.object({
    state: z.literal('failed'),
    error: z.string(),
    conflicts: PublishConflictSchema.shape.conflicts.nullable(),
    run_by: z.string().nullable(),
  }),
  z.object({ state: z.enum(['queued', 'running']), run_by: z.string().nullable() }),
]);

const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

export class QueuedChanges {
  /** Wakes the instance's own waiters, by change id. */
  private readonly wakers = new Map<string, () => void>();
  private queued: () => void = () => undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    /** This instance, as `asked_by` and `run_by` name it. */
    readonly instance: string,
  ) {}

  /** Queues a change asked here, and tells the other instances. */
  async add(change: NewQueuedChange): Promise<void> {
    const inputs =
      change.inputs === null
        ? null
        : {
            choices: change.inputs.choices,
            files: change.inputs.files.map((file) => ({
              path: file.path,
              bytes: base64(file.bytes),
              base: file.base === undefined || file.base === null ? null : base64(file.base),
            })),
            pictures: change.inputs.pictures.map((picture) => ({
              path: picture.path,
              bytes: base64(picture.bytes),
            })),
          };
    await this.pool.query(
      `WITH added AS (
         INSERT INTO publish_queue (id, kind, author_name, author_email, message, target, inputs, asked_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id)
       SELECT pg_notify($9, 'queued ' || id) FROM added`,
      [
        change.id,
        change.kind,
        change.author.name,
        change.author.email,
        change.message,
        change.target,
        inputs === null ? null : JSON.stringify(inputs),
        this.instance,
        QUEUE_CHANNEL,
      ],
    );
  }

  /** The oldest row not finished, and finished rows past keeping removed; run only while holding the lock. */
  async next(): Promise<QueuedChange | null> {
    await this.pool.query(
      `DELETE FROM publish_queue WHERE state IN ('done', 'failed') AND finished_at < now() - make_interval(days => $1)`,
      [KEPT_DAYS],
    );
    const { rows } = await this.pool.query(
      `SELECT id, kind, author_name, author_email, message, target, inputs, state, attempts FROM publish_queue
       WHERE state IN ('queued', 'running') ORDER BY queued_at, id LIMIT 1`,
    );
    if (rows[0] === undefined) return null;
    const row = RowSchema.parse(rows[0]);
    return {
      id: row.id,
      kind: row.kind,
      author: { name: row.author_name, email: row.author_email },
      message: row.message,
      target: row.target,
      inputs: row.inputs,
      state: row.state,
      attempts: row.attempts,
    };
  }

  /** Whether any row waits to be run (or run again). */
  async waiting(): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM publish_queue WHERE state IN ('queued', 'running') LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** Marks a row as run by this instance from now. */
  async start(id: string): Promise<void> {
    await this.pool.query(
      `UPDATE publish_queue SET state = 'running', run_by = $2, started_at = now(), attempts = attempts + 1
       WHERE id = $1 RETURNING pg_notify($3, 'running ' || id)`,
      [id, this.instance, QUEUE_CHANNEL],
    );
  }

  /** Writes a row's outcome, lets go of its files, and tells the instance asked. */
  async finish(id: string, outcome: Outcome): Promise<void> {
    const done = 'change' in outcome;
    await this.pool.query(
      `UPDATE publish_queue SET state = $2, inputs = NULL, finished_at = now(), run_by = coalesce($3, run_by),
         result = $4, error = $5, conflicts = $6
       WHERE id = $1 RETURNING pg_notify($7, 'finished ' || id)`,
      [
        id,
        done ? 'done' : 'failed',
        outcome.runBy,
        done ? JSON.stringify(outcome.change) : null,
        done ? null : outcome.error,
        done || outcome.conflicts === null ? null : JSON.stringify(outcome.conflicts),
        QUEUE_CHANNEL,
      ],
    );
  }

  /** Resolves with a row's outcome once it is finished; `meanwhile` is told at each read before. */
  async finished(id: string, meanwhile: (runBy: string | null) => void): Promise<Outcome> {
    for (;;) {
      if (this.closed)
        throw new PublishError(
          'This instance stopped before the change went live; it stays queued, and another instance publishes it.',
        );
      const { rows } = await this.pool.query(
        'SELECT state, result, error, conflicts, run_by FROM publish_queue WHERE id = $1',
        [id],
      );
      const row = FinishedSchema.parse(rows[0]);
      if (row.state === 'done') return { change: row.result, runBy: row.run_by };
      if (row.state === 'failed') return { error: row.error, conflicts: row.conflicts, runBy: row.run_by };
      meanwhile(row.run_by);
      await new Promise<void>((wake) => {
        const timer = setTimeout(() => this.wakers.get(id)?.(), POLL_MS);
        this.wakers.set(id, () => {
          clearTimeout(timer);
          this.wakers.delete(id);
          wake();
        });
      });
    }
  }

  /** Calls `queued` whenever a change is queued, here or elsewhere. */
  whenQueued(queued: () => void): void {
    this.queued = queued;
  }

  /** A notice on QUEUE_CHANNEL. */
  heard(payload: string): void {
    const [step = '', id = ''] = payload.split(' ');
    if (step === 'queued') this.queued();
    this.wakers.get(id)?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of [...this.wakers.values()]) wake();
    await this.pool.end();
  }
}
