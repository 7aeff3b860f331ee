import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database';

const MIGRATIONS = join(import.meta.dirname, 'migrations');
/** Any fixed number: instances starting together take turns on this advisory lock. */
const MIGRATION_LOCK = 7_341_020;

/**
 * Applies the SQL files of server/db/migrations that this database has not
 * had yet, in name order, each in its own transaction. The same files run on
 * PGlite and on a PostgreSQL server. Returns the names it applied.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(join(MIGRATIONS, file), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (rows.length > 0) return false;
      // Statements are split on the semicolons that end a line; the migrations keep to that.
      for (const statement of sql
        .split(/;\s*$/m)
        .map((part) => part.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
