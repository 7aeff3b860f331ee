/**
 * Checks a changed sheet (or picture) with the pipeline, together with the
 * other live sheets, exactly as `npm run check:sheets` would once it is
 * published: references across sheets and pictures count.
 */
import { copyFile, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadSite } from '../../pipeline/load-site';
import type { Problem } from '../../pipeline/sheets/problem';
import { SHEETS } from '../../src/schema';

const SHEET_FILES = Object.values(SHEETS).map((sheet) => sheet.file);

export interface ChangedFile {
  /** Relative to sheets/, e.g. pre-rented.csv. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

/**
 * Every problem of the live sheets with `changed` written over them. Only the
 * sheet files are copied; the pictures are read where they are.
 */
export async function checkWithLiveSheets(liveSheetsDir: string, sheets: readonly ChangedFile[]): Promise<Problem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sheet-check-'));
  try {
    const replaced = new Set(sheets.map((file) => file.path));
    await Promise.all([
      ...SHEET_FILES.filter((file) => !replaced.has(file)).map((file) =>
        copyFile(join(liveSheetsDir, file), join(dir, file)).catch(() => undefined),
      ),
      ...sheets.map(async (file) => {
        await mkdir(dirname(join(dir, file.path)), { recursive: true });
        await writeFile(join(dir, file.path), file.bytes);
      }),
    ]);
    const { problems } = await loadSite({ sheetsDir: dir, imagesDir: join(liveSheetsDir, 'images') });
    return problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
