import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where the embedded database keeps its files, and which process holds it:
 * PGlite is one process's database, and two processes opening its folder at
 * once would corrupt it. Others on this machine (`npm run leads`, the browser
 * tests) ask the process that holds it, through its local socket.
 */
export function embeddedPaths(dataDir: string) {
  const root = resolve(dataDir);
  return {
    root,
    cluster: join(root, 'pglite'),
    /** The holder's local socket (server/leads/local-access.ts). */
    socket: join(root, 'leads.sock'),
    owner: join(root, 'pglite.pid'),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process that holds the embedded database open, if one does. */
export async function embeddedOwner(dataDir: string): Promise<number | null> {
  const pid = Number(await readFile(embeddedPaths(dataDir).owner, 'utf8').catch(() => ''));
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid) ? pid : null;
}
