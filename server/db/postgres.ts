import { PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, Sql } from './database';
import { DatabaseUnavailable, isUnavailable } from './database';

/**
 * How long a request waits for a connection before the service answers 503. A server that is down
 * refuses at once; this is the wait of a burst of enquiries queued for the pool's connections,
 * which took over 3 s for 500 at once on a loaded machine. Within the 15 s the form waits.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/** A statement still running after this is cancelled, so a stuck lock cannot hold a visitor. */
const STATEMENT_TIMEOUT_MS = 10_000;

function rethrow(error: unknown): never {
  throw isUnavailable(error) ? new DatabaseUnavailable(error) : error;
}

/** A PostgreSQL server, through a pool of node-postgres connections. */
export function postgresDatabase(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'lead-service',
  });
  // An idle connection that the server drops (restart, failover) emits here; without a
  // listener Node would end the process. The next query opens a fresh connection.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));

  const query: Sql['query'] = async (text, params = []) => {
    try {
      return (await pool.query(text, [...params])).rows;
    } catch (error) {
      return rethrow(error);
    }
  };

  return {
    label: `PostgreSQL (${new URL(connectionString).host || 'local socket'})`,
    query,
    dialect: new PostgresDialect({ pool }),
    async transaction(work) {
      const client = await pool.connect().catch(rethrow);
      let broken: unknown = undefined;
      // The pool listens for errors of idle connections only: one that breaks between this
      // transaction's statements would otherwise end the process. The next statement fails anyway.
      const onError = (error: Error) => (broken = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, params = []) => (await client.query(text, [...params])).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
        return rethrow(error);
      } finally {
        client.off('error', onError);
        // A connection that broke, or whose rollback failed, is in an unknown state: destroy it rather than reuse it.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    close: () => pool.end(),
  };
}
