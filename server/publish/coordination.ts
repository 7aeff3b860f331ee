/**
 * How service instances take turns publishing and hear of each other's
 * publishes. One process (PGlite, the quick start) needs neither: its queue
 * already runs one change at a time. Instances sharing a PostgreSQL server
 * hold a session advisory lock, on a connection of its own, for the whole of
 * a change, and announce each new live commit with NOTIFY; the others LISTEN
 * and catch up with CONTENT_GIT_REMOTE (follow.ts). A publisher killed
 * mid-change loses its connection, and with it the lock. Their publishes,
 * undos and restores wait in the database (queued-changes.ts), so that any
 * instance holding the lock can make them.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { QUEUE_CHANNEL, QueuedChanges } from './queued-changes';
import { PublishError, reason } from './workspace';

export interface Coordination {
  /** Runs `work` while no other instance runs a change. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` if no other instance runs a change now, and says whether it ran; never waits. */
  whenFree(work: () => Promise<void>): Promise<boolean>;
  /**
   * Whether the work running now lost its turn: the connection that held the lock broke, and
   * another instance may hold it. Such work must not commit.
   */
  lost(): boolean;
  /** Tells the other instances that `commit` is live and on the remote. */
  announce(commit: string): Promise<void>;
  /**
   * Calls `heard` when another instance announces a commit, and once each time the connection
   * that listens is made (publishes may have been missed meanwhile).
   */
  follow(heard: () => void): void;
  /** The changes queued in the database for whichever instance holds the lock; none for one process. */
  readonly changes: QueuedChanges | null;
  close(): Promise<void>;
}

export const singleProcess: Coordination = {
  exclusive: (work) => work(),
  whenFree: async (work) => {
    await work();
    return true;
  },
  changes: null,
  lost: () => false,
  announce: async () => undefined,
  follow: () => undefined,
  close: async () => undefined,
};

/** Any fixed number, apart from the migrations' (server/db/migrate.ts). */
const PUBLISH_LOCK = 7_341_021;
const CHANNEL = 'content_published';
/** Waits before listening again after the connection broke: doubling from one second to half a minute. */
const RECONNECT_MS = [1000, 30_000] as const;

export function postgresCoordination(connectionString: string): Coordination {
  // Read by operators in publish_queue: which machine and process asked for a change, or ran it.
  const instance = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const broke = (error: Error) => console.warn(`Publishing: a PostgreSQL connection broke: ${error.message}`);
  const client = () => {
    const connection = new pg.Client({ connectionString, application_name: 'content-publisher' });
    connection.on('error', broke);
    return connection;
  };
  const pool = new pg.Pool({ connectionString, max: 2, application_name: 'content-publisher' });
  pool.on('error', broke);
  const changes = new QueuedChanges(pool, instance);
  let listener: pg.Client | null = null;
  let heard: (() => void) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** The turn of the work running now; this instance's own queue runs one at a time. */
  let turn: { lost: boolean } | null = null;

  async function listen(wait: number): Promise<void> {
    if (closed || heard === null) return;
    const connection = client();
    connection.on('notification', (message) => {
      if (message.channel === QUEUE_CHANNEL) changes.heard(message.payload ?? '');
      else if (message.payload?.startsWith(`${instance} `) === false) heard?.();
    });
    connection.on('end', () => {
      if (listener !== connection || closed) return;
      listener = null;
      retry = setTimeout(() => void listen(RECONNECT_MS[0]), wait);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
      await connection.query(`LISTEN ${QUEUE_CHANNEL}`);
      listener = connection;
      heard();
    } catch (error) {
      console.warn(
        `Publishing: cannot listen for other instances' publishes, trying again: ${error instanceof Error ? error.message : String(error)}`,
      );
      await connection.end().catch(() => undefined);
      retry = setTimeout(() => void listen(Math.min(wait * 2, RECONNECT_MS[1])), wait);
    }
  }

  /** Runs `work` holding the lock, waiting for it or only if it is free; null when it was not. */
  async function holding<T>(wait: boolean, work: () => Promise<T>): Promise<{ result: T } | null> {
    const connection = client();
    try {
      await connection.connect();
      const { rows } = await connection.query<{ held: boolean }>(
        wait ? 'SELECT pg_advisory_lock($1), true AS held' : 'SELECT pg_try_advisory_lock($1) AS held',
        [PUBLISH_LOCK],
      );
      if (rows[0]?.held !== true) {
        await connection.end().catch(() => undefined);
        return null;
      }
      const mine = { lost: false };
      connection.on('end', () => (mine.lost = true));
      turn = mine;
    } catch (error) {
      await connection.end().catch(() => undefined);
      throw new PublishError(
        `Nothing was changed: the database through which the service's instances take turns could not be reached (${reason(error)}). Try again in a minute.`,
      );
    }
    try {
      return { result: await work() };
    } finally {
      turn = null;
      // Ending the session releases the lock.
      await connection.end().catch(() => undefined);
    }
  }

  return {
    changes,
    async exclusive(work) {
      const held = await holding(true, work);
      if (held === null) throw new Error('pg_advisory_lock returned without the lock.');
      return held.result;
    },
    async whenFree(work) {
      return (await holding(false, work)) !== null;
    },
    lost: () => turn?.lost === true,
    async announce(commit) {
      const connection = client();
      try {
        await connection.connect();
        await connection.query('SELECT pg_notify($1, $2)', [CHANNEL, `${instance} ${commit}`]);
      } finally {
        await connection.end().catch(() => undefined);
      }
    },
    follow(listener) {
      heard = listener;
      void listen(RECONNECT_MS[0]);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => undefined);
      await changes.close();
    },
  };
}
