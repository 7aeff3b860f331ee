/**
 * The global setup of both test runners (Vitest and Playwright): one embedded database's data
 * folder, new and empty, that every test database on PGlite starts as a copy of
 * (tests/server/databases.ts). Removed when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDatabase } from '../server/db/pglite';
import { PGLITE_TEMPLATE } from './server/databases';

export default async function makePgliteTemplate(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const dataDir = join(folder, 'data');
  await (await pgliteDatabase(dataDir)).close();
  process.env[PGLITE_TEMPLATE] = dataDir;
  return () => rm(folder, { recursive: true, force: true });
}
