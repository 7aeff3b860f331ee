/**
 * The lead service's database: PostgreSQL, either embedded (PGlite, a real
 * PostgreSQL compiled to WebAssembly, its files under a local folder) or a
 * server reached through DATABASE_URL. The service talks to both through this
 * one small interface, with the same SQL.
 */

import type { Dialect } from 'kysely';

/** Runs one statement; `$1`, `$2`… take `params`. */
export interface Sql {
  query<Row extends object>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Sql {
  /** Which PostgreSQL this is, for the start-up line and the benchmark. */
  readonly label: string;
  /**
   * The same database for Kysely (better-auth's sign-in tables): the one PGlite instance
   * or the one pool, never a second connection to it. Its queries run outside `transaction`.
   */
  readonly dialect: Dialect;
  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The database could not be reached or stopped mid-way: nothing was stored; the client may retry. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseUnavailable';
  }
}

/** Socket errors of a server that is down or gone, as Node reports them. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * Whether `error` means "PostgreSQL is not there right now" rather than a
 * mistake in the request: a refused or broken connection, a connect timeout,
 * SQLSTATE class 08 (connection exception), or 57P01–57P03 (shutting down,
 * starting up).
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code))
  )
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}
