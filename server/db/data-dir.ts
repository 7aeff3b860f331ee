/**
 * DATA_DIR holds the leads (the embedded database and its write-ahead log),
 * the staff console's signing secret and the publisher's drafts: nobody but
 * the user the service runs as may read any of it. The service's entry points
 * set umask 077, so that what they create is owner-only; this mends what an
 * older version, another program or a copy left open, and refuses to start
 * when it cannot.
 */
import type { Stats } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Group and others: read, write, search. */
const OPEN_TO_OTHERS = 0o077;

export class DataDirOpen extends Error {
  constructor(root: string, path: string, mode: number, cause: unknown) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    super(
      `${root} holds the leads and is open to other users of this machine (${path} has mode ${octal}), ` +
        `and this process cannot make it readable by its owner only (${cause instanceof Error ? cause.message : String(cause)}). ` +
        `As the user the service runs as, run \`chmod -R go-rwx ${root}\` (if another user owns it, first ` +
        `\`sudo chown -R "$(id -un)" ${root}\`), or set DATA_DIR to a folder of this user's own.`,
      { cause },
    );
    this.name = 'DataDirOpen';
  }
}

/**
 * Creates `dataDir` owner-only if it is missing; otherwise takes every permission of group and
 * others off it and off everything in it. Symbolic links are not followed, and a file with other
 * hard links is left as it is: what they point to (the publisher links in the checkout's built
 * site, public pages) is not the data folder's to change, and the folders above it keep it in.
 */
export async function ownerOnly(dataDir: string): Promise<void> {
  const root = resolve(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const mend = async (path: string, stats: Stats) => {
    if ((stats.mode & OPEN_TO_OTHERS) === 0) return;
    try {
      await chmod(path, stats.mode & 0o700);
    } catch (error) {
      throw new DataDirOpen(root, path, stats.mode, error);
    }
  };
  const walk = async (folder: string): Promise<void> => {
    await mend(folder, await lstat(folder));
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (!entry.isSymbolicLink()) {
        const stats = await lstat(path);
        if (stats.nlink === 1) await mend(path, stats);
      }
    }
  };
  await walk(root);
}
