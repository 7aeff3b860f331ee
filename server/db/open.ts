import type { ServiceConfig } from '../config';
import type { Database } from './database';
import { pgliteDatabase } from './pglite';
import { postgresDatabase } from './postgres';

/** The service's database: DATABASE_URL's PostgreSQL server, or the embedded one in DATA_DIR. */
export function openDatabase(config: ServiceConfig): Promise<Database> {
  return config.DATABASE_URL === undefined
    ? pgliteDatabase(config.DATA_DIR)
    : Promise.resolve(postgresDatabase(config.DATABASE_URL));
}
