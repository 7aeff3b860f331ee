/**
 * How service instances take turns publishing and hear of each other's
 * publishes. One process (PGlite, the quick start) needs neither: its queue
 * already runs one change at a time. Instances sharing a PostgreSQL server
 * hold a session advisory lock, on a connection of its own, for the whole of
 * a change, and announce each new live commit with NOTIFY; the others LISTEN
 * and catch up with CONTENT_GIT_REMOTE (follow.ts). A publisher killed
 * mid-change loses its connection, and with it the lock.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PublishError, reason } from './workspace';

export interface Coordination {
  /** Runs `work` while no other instance runs a change. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Tells the other instances that `commit` is live and on the remote. */
  announce(commit: string): Promise<void>;
  /**
   * Calls `heard` when another instance announces a commit, and once each time the connection
   * that listens is made (publishes may have been missed meanwhile).
   */
  follow(heard: () => void): void;
  close(): Promise<void>;
}

export const singleProcess: Coordination = {
  exclusive: (work) => work(),
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
  const instance = randomUUID();
  const client = () => {
    const connection = new pg.Client({ connectionString, application_name: 'content-publisher' });
    connection.on('error', (error) =>
      console.warn(`Publishing: a PostgreSQL connection broke: ${error.message}`),
    );
    return connection;
  };
  let listener: pg.Client | null = null;
  let heard: (() => void) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function listen(wait: number): Promise<void> {
    if (closed || heard === null) return;
    const connection = client();
    connection.on('notification', (message) => {
      if (message.payload?.startsWith(`${instance} `) === false) heard?.();
    });
    connection.on('end', () => {
      if (listener !== connection || closed) return;
      listener = null;
      retry = setTimeout(() => void listen(RECONNECT_MS[0]), wait);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
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

  return {
    async exclusive(work) {
      const connection = client();
      try {
        await connection.connect();
        await connection.query('SELECT pg_advisory_lock($1)', [PUBLISH_LOCK]);
      } catch (error) {
        await connection.end().catch(() => undefined);
        throw new PublishError(
          `Nothing was changed: the database through which the service's instances take turns could not be reached (${reason(error)}). Try again in a minute.`,
        );
      }
      try {
        return await work();
      } finally {
        // Ending the session releases the lock.
        await connection.end().catch(() => undefined);
      }
    },
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
    },
  };
}
