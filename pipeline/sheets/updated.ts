/**
 * When each sheet last changed, for the sitemap's lastmod: the date of the last
 * commit touching the file, or the file's modification time when it is not
 * committed (a fresh edit, or a copy outside the repository).
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function lastCommitDate(file: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['log', '-1', '--format=%cI', '--', basename(file)], { cwd: dirname(file) });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

async function modifiedDate(file: string): Promise<string | null> {
  try {
    return (await stat(file)).mtime.toISOString();
  } catch {
    return null;
  }
}

/** ISO date of the last change of each file, keyed by file name; files that do not exist are left out. */
export async function lastChanged(files: readonly string[]): Promise<Record<string, string>> {
  const dates = await Promise.all(files.map(async (file) => (await lastCommitDate(file)) ?? (await modifiedDate(file))));
  const updated: Record<string, string> = {};
  files.forEach((file, i) => {
    const date = dates[i];
    if (date !== undefined && date !== null) updated[basename(file)] = date;
  });
  return updated;
}
