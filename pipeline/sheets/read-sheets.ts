/**
 * Reads every sheet of the `SHEETS` registry and converts it cell by cell.
 * Checks across rows and sheets come after, in `load-site.ts`; the placeholder
 * drawing needs only this part, so it reads pictures from the same cells.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHEETS, type TableSheet } from '../../src/schema';
import { editDistance } from './did-you-mean';
import { problemAt, type Problem } from './problem';
import { TABLE_NAMES, type Tables, type ValidatedSheets } from './tables';
import { validateSettings } from './validate-settings';
import { validateTable } from './validate-table';

const SHEET_FILES: readonly string[] = Object.values(SHEETS).map((sheet) => sheet.file);

/** Letters and digits only, in small letters: "Website content - Pre-Rented (1).csv" → "websitecontentprerented1csv". */
const letters = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Files of the sheets folder that are no sheet but that a person or program
 * leaves there knowingly: this guide, the pictures' folder, hidden files, the
 * lock files of open workbooks (~$…) and files being written (….tmp).
 */
const isExpected = (name: string) =>
  name === 'README.md' || name === 'images' || name.startsWith('.') || name.startsWith('~$') || name.endsWith('.tmp');

/**
 * The sheet a file name probably stands for: the longest sheet name it
 * contains ("Website content - pre-rented.csv" → pre-rented.csv, not
 * home-pre-rented.csv), else the sheet name at most two letters from it.
 */
export function probableSheet(name: string): string | null {
  const written = letters(name.replace(/\.[^.]*$/, ''));
  let best: string | null = null;
  for (const file of SHEET_FILES) {
    const sheet = letters(file.replace(/\.csv$/, ''));
    if (written.includes(sheet) && (best === null || sheet.length > letters(best).length)) best = file;
  }
  if (best !== null || written === '') return best;
  let nearest = Infinity;
  for (const file of SHEET_FILES) {
    const distance = editDistance(written, letters(file.replace(/\.csv$/, '')));
    if (distance <= 2 && distance < nearest) {
      nearest = distance;
      best = file;
    }
  }
  return best;
}

/** Files in the sheets folder other than the sheets, by the sheet each probably is (null when none). */
async function strayFiles(sheetsDir: string): Promise<Map<string, string | null>> {
  const names = await readdir(sheetsDir).catch(() => [] as string[]);
  return new Map(
    names
      .filter((name) => !SHEET_FILES.includes(name) && !isExpected(name))
      .sort()
      .map((name) => [name, probableSheet(name)]),
  );
}

function missingSheet(file: string, strays: ReadonlyMap<string, string | null>): Problem {
  const lookalikes = [...strays].filter(([, sheet]) => sheet === file).map(([name]) => `"${name}"`);
  const one = lookalikes.length === 1;
  const hint =
    lookalikes.length === 0
      ? 'Put it back (sheets/README.md lists its columns).'
      : `${lookalikes.join(' and ')} in the same folder ${one ? 'looks' : 'look'} like it: if ${one ? 'it holds' : 'one holds'} this sheet, save it as ${file} (CSV UTF-8).`;
  return problemAt({ sheet: file, row: null }, 'missing-sheet', `The sheet ${file} is missing from the sheets folder. ${hint}`);
}

/**
 * A file the site does not read. One named like a sheet is an error: it is
 * usually a download meant to replace that sheet, and until it does the old
 * rows stay on the site. Any other file is a warning.
 */
function strayProblem(name: string, sheet: string | null, missing: boolean): Problem | null {
  const place = { sheet: name, row: null };
  if (sheet === null) {
    return problemAt(
      place,
      'unknown-file',
      `"${name}" is not one of the sheets, so the site does not read it. If it holds content for the site, copy its rows into the sheet they belong to (sheets/README.md lists them); otherwise move it out of the sheets folder.`,
      'warning',
    );
  }
  // The missing sheet's own message names this file already.
  if (missing) return null;
  return problemAt(
    place,
    'unknown-file',
    `"${name}" is not a sheet the site reads, though it looks like ${sheet}: the site still shows the rows of ${sheet}. If this file holds your changes, save it as ${sheet} (CSV UTF-8), replacing the old one, and delete this file; if not, delete it or move it out of the sheets folder.`,
  );
}

async function readSheet(sheetsDir: string, file: string): Promise<Uint8Array | null> {
  try {
    return await readFile(join(sheetsDir, file));
  } catch {
    return null;
  }
}

export async function validateSheets(sheetsDir: string, problems: Problem[]): Promise<ValidatedSheets> {
  const [settingsBytes, tableBytes, strays] = await Promise.all([
    readSheet(sheetsDir, SHEETS.settings.file),
    Promise.all(TABLE_NAMES.map((name) => readSheet(sheetsDir, SHEETS[name].file))),
    strayFiles(sheetsDir),
  ]);
  const missing = new Set(
    [settingsBytes, ...tableBytes].flatMap((bytes, i) => (bytes === null ? [SHEET_FILES[i] ?? ''] : [])),
  );
  for (const file of missing) problems.push(missingSheet(file, strays));
  for (const [name, sheet] of strays) {
    const problem = strayProblem(name, sheet, sheet !== null && missing.has(sheet));
    if (problem !== null) problems.push(problem);
  }
  const settings = validateSettings(SHEETS.settings, settingsBytes, problems);
  const tables = Object.fromEntries(
    TABLE_NAMES.map((name, i) => [
      name,
      validateTable(SHEETS[name] as TableSheet, tableBytes[i] ?? null, problems),
    ]),
  ) as unknown as Tables;
  return { settings, tables };
}
