import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Problem } from './problem';
import { rowLines } from './read-csv';

/** Where GitHub shows one annotation: a file as the repository names it, and a line of that file. */
export interface GithubPlace {
  file: string;
  line: number;
}

/**
 * Where each problem goes in a pull request: the sheet's path from the
 * repository's root (`root`: GITHUB_WORKSPACE in a workflow), with forward
 * slashes as GitHub writes paths, and the line of the file its row starts on.
 * A sheet outside `root` keeps its full path.
 */
export async function githubPlaces(
  problems: readonly Problem[],
  sheetsDir: string,
  root: string,
): Promise<(problem: Problem) => GithubPlace> {
  const lines = new Map<string, number[]>();
  for (const sheet of new Set(problems.map((problem) => problem.sheet))) {
    const bytes = await readFile(resolve(sheetsDir, sheet)).catch(() => null);
    lines.set(sheet, bytes === null ? [] : rowLines(bytes));
  }
  return (problem) => {
    const path = resolve(sheetsDir, problem.sheet);
    const fromRoot = relative(root, path);
    const inside = fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
    const row = problem.row ?? 1;
    return {
      file: inside ? fromRoot.split(sep).join('/') : path,
      // A row the reading never reached (after an unclosed quote) and an encoding problem's line are lines already.
      line: lines.get(problem.sheet)?.[row - 1] ?? row,
    };
  };
}
