/**
 * Where the browser tests' own server listens and keeps its data. It never shares either with
 * a site already running (`npm start` on 4173, another engineer's tests): the port is a free
 * one unless E2E_PORT names it, and the data folder is the port's own.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Listens on port 0, so the system picks a free port, prints it and lets it go. */
const PRINT_FREE_PORT =
  'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})';

/** Exits with 1 when the port given as its argument cannot be listened on. */
const CHECK_PORT =
  'require("net").createServer().once("error",()=>process.exit(1)).listen(Number(process.argv[1]),"127.0.0.1",function(){this.close()})';

/** Whether nothing listens on `port`, checked synchronously in a child process. */
export function portFree(port: number): boolean {
  try {
    execFileSync(process.execPath, ['-e', CHECK_PORT, String(port)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A port nobody listens on, found synchronously in a child process: Playwright reads its
 * config without awaiting anything.
 */
export function freePort(): number {
  const port = Number(execFileSync(process.execPath, ['-e', PRINT_FREE_PORT], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error('The system gave no free port.');
  return port;
}

/**
 * The port of this run's server: E2E_PORT when set, else a free one, written into `env`.
 * Playwright's worker processes read the config again and inherit the runner's environment,
 * so they find the same port there (as do the staff tests, which count their ports from it).
 * The runner refuses an E2E_PORT something already listens on, in words that say why, rather
 * than Playwright's advice to reuse that server; workers (TEST_WORKER_INDEX set) find the run's
 * own server there.
 */
export function e2ePort(env: NodeJS.ProcessEnv): number {
  const given = env.E2E_PORT;
  if (given !== undefined && given !== '') {
    const port = Number(given);
    if (!Number.isInteger(port) || port <= 0 || port > 65_535)
      throw new Error(`E2E_PORT must be a port number, not "${given}".`);
    if (env.TEST_WORKER_INDEX === undefined && !portFree(port))
      throw new Error(
        `E2E_PORT ${port} is in use, perhaps by a site started with npm start. The browser tests start ` +
          'a server of their own and never reuse one, so that no test lead reaches a real database: ' +
          'leave E2E_PORT unset for a free port, or name a free one.',
      );
    return port;
  }
  const port = freePort();
  env.E2E_PORT = String(port);
  return port;
}

/** Where each run's database lives, in a folder named by its port. */
const DATA_ROOT = '.generated/e2e-data';

/** The embedded database of the lead service the tests on `port` run against; emptied before each run. */
export function e2eDataDir(port: number): string {
  return `${DATA_ROOT}/${port}`;
}

/**
 * Removes the databases of earlier runs (about 100 MB each), under `root`: every folder but
 * `port`'s whose port nothing listens on any more, so a run going on beside keeps its own,
 * and whatever is not a port's folder (the single database of the days before).
 */
export function removeStaleData(port: number, root = DATA_ROOT): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const stale = names.filter((name) => {
    if (!/^\d+$/.test(name)) return true;
    return Number(name) !== port && portFree(Number(name));
  });
  for (const name of stale) rmSync(join(root, name), { recursive: true, force: true });
  return stale;
}
