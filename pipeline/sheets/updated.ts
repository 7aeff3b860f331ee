/**
 * When each sheet last changed, for the sitemap's lastmod: the date of the last
 * commit touching the file, or the file's modification time when it has none
 * (a new sheet, or a copy outside the repository).
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Last commit date per file, from one `git log` over all of them (newest
 * first, so a file's first appearance is its last change). Empty when the
 * folder is not in a repository or git is missing.
 */
async function lastCommitDates(dir: string, files: readonly string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  try {
    const { stdout } = await run(
      'git',
      ['log', '--relative', '--name-only', '--format=%x00%cI', '--', ...files],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    );
    for (const commit of stdout.split('\0').slice(1)) {
      const [date = '', ...names] = commit.trim().split('\n');
      for (const name of names) if (name !== '' && !dates.has(name)) dates.set(name, date);
    }
  } catch {
    // Not a repository: every file falls back to its modification time.
  }
  return dates;
}

/** ISO date of the last change of each file in `dir`, keyed by file name; files that do not exist are left out. */
export async function lastChanged(dir: string, files: readonly string[]): Promise<Record<string, string>> {
  const committed = await lastCommitDates(dir, files);
  const dates = await Promise.all(
    files.map(
      async (file) =>
        committed.get(file) ??
        (await stat(join(dir, file)).then(
          (info) => info.mtime.toISOString(),
          () => null,
        )),
    ),
  );
  const updated: Record<string, string> = {};
  files.forEach((file, i) => {
    const date = dates[i];
    if (date !== null && date !== undefined) updated[file] = date;
  });
  return updated;
}
