/**
 * Reads every sheet of the `SHEETS` registry and converts it cell by cell.
 * Checks across rows and sheets come after, in `load-site.ts`; the placeholder
 * drawing needs only this part, so it reads pictures from the same cells.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHEETS, type TableSheet } from '../../src/schema';
import { problemAt, type Problem } from './problem';
import { TABLE_NAMES, type Tables, type ValidatedSheets } from './tables';
import { validateSettings } from './validate-settings';
import { validateTable } from './validate-table';

async function readSheet(sheetsDir: string, file: string, problems: Problem[]): Promise<Uint8Array | null> {
  try {
    return await readFile(join(sheetsDir, file));
  } catch {
    problems.push(
      problemAt(
        { sheet: file, row: null },
        'missing-sheet',
        `The sheet ${file} is missing from the sheets folder. Put it back (sheets/README.md lists its columns).`,
      ),
    );
    return null;
  }
}

export async function validateSheets(sheetsDir: string, problems: Problem[]): Promise<ValidatedSheets> {
  const [settingsBytes, tableBytes] = await Promise.all([
    readSheet(sheetsDir, SHEETS.settings.file, problems),
    Promise.all(TABLE_NAMES.map((name) => readSheet(sheetsDir, SHEETS[name].file, problems))),
  ]);
  const settings = validateSettings(SHEETS.settings, settingsBytes, problems);
  const tables = Object.fromEntries(
    TABLE_NAMES.map((name, i) => [
      name,
      validateTable(SHEETS[name] as TableSheet, tableBytes[i] ?? null, problems),
    ]),
  ) as unknown as Tables;
  return { settings, tables };
}
