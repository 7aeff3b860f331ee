import { PGlite } from '@electric-sql/pglite';
import { KyselyPGlite } from 'kysely-pglite';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { ownerOnly } from './data-dir';
import type { Database } from './database';
import { embeddedOwner, embeddedPaths } from './embedded';

/**
 * Opens (on first use, creates) the embedded database in `dataDir` and takes
 * it for this process.
 */
export async function pgliteDatabase(dataDir: string): Promise<Database> {
  const paths = embeddedPaths(dataDir);
  const owner = await embeddedOwner(dataDir);
  if (owner !== null)
    throw new Error(
      `The embedded database in ${paths.root} is open in another process (pid ${owner}, probably \`npm start\`). ` +
        'Stop that process first, or give this one another folder with DATA_DIR.',
    );
  await mkdir(paths.root, { recursive: true, mode: 0o700 });
  // Left by a process that ended without closing (a crash, kill -9): nobody holds the database.
  await rm(paths.owner, { force: true });
  // 'wx' fails if another process took the database between the check above and now.
  await writeFile(paths.owner, String(process.pid), { flag: 'wx' });
  const db = await PGlite.create({ dataDir: paths.cluster });
  // PGlite unpacks a new cluster's files as 0666 whatever the umask; postgres makes later ones 0600.
  await ownerOnly(paths.cluster);

  return {
    label: `PGlite (embedded, ${paths.cluster})`,
    // Kysely's queries go to this same instance, which runs one statement at a time; better-auth
    // is given no transactions (server/staff/auth.ts), so none of its BEGINs can wrap ours.
    dialect: new KyselyPGlite(db).dialect,
    query: async (text, params = []) => (await db.query(text, [...params])).rows as never,
    transaction: (work) =>
      db.transaction((tx) =>
        work({ query: async (text, params = []) => (await tx.query(text, [...params])).rows as never }),
      ),
    async close() {
      await db.close();
      await rm(paths.owner, { force: true });
    },
  };
}
