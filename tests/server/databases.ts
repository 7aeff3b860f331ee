/**
 * The databases the lead service's tests run against: always the embedded
 * PGlite, and a PostgreSQL server too when TEST_DATABASE_URL names one (CI
 * starts Debian's postgresql and sets it). Each test file gets a database of
 * its own: a fresh PGlite folder, or a new database on the server.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { pgliteDatabase } from '../../server/db/pglite';
import { postgresDatabase } from '../../server/db/postgres';

/** The enquiry pop-up's lead, as the form posts it. */
export const POPUP_LEAD = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '98110 12345',
  data_source: 'Website',
  dateOfLead: '2030-01-10T14:05:09+05:30',
  project: '-',
};

export interface TestDatabase {
  /** How the service would be configured to reach it. */
  env: { DATABASE_URL?: string; DATA_DIR: string };
  open(): Promise<Database>;
  /** Removes it for good. */
  drop(): Promise<void>;
}

export type Backend = 'pglite' | 'postgres';

export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A new PGlite cluster costs its initdb, 2.9 s of CPU on a quiet machine, where a copy of one takes
 * 1.3 s (mostly the disk's): each run makes one (the global setup, tests/pglite-template.ts, names
 * its data folder here) and every test's database starts as a copy.
 */
export const PGLITE_TEMPLATE = 'TEST_PGLITE_TEMPLATE';

export async function testDatabase(backend: Backend): Promise<TestDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'leads-test-'));
  if (backend === 'pglite') {
    const dataDir = join(folder, 'data');
    const template = process.env[PGLITE_TEMPLATE];
    if (template !== undefined) await cp(template, dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir },
      open: () => pgliteDatabase(dataDir),
      drop: () => rm(folder, { recursive: true, force: true }),
    };
  }
  const server = process.env.TEST_DATABASE_URL;
  if (server === undefined) throw new Error('TEST_DATABASE_URL is not set.');
  const name = `leads_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href, DATA_DIR: folder },
    open: async () => postgresDatabase(url.href),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A migrated database, emptied between tests with `clear`. */
export async function migratedDatabase(backend: Backend) {
  const test = await testDatabase(backend);
  const db = await test.open();
  await migrate(db);
  return {
    db,
    test,
    clear: () => db.query('TRUNCATE notifications, lead_notes, enquiries'),
    async close() {
      await db.close();
      await test.drop();
    },
  };
}

export async function countEnquiries(db: Database, where = 'TRUE', params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM enquiries WHERE ${where}`,
    params,
  );
  return row?.n ?? 0;
}
