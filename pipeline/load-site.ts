/**
 * Reads and validates every sheet, then builds the site's data. Every problem
 * of every sheet is collected in one run; the data is built only when there is
 * no error (warnings do not stop it).
 */
import { join } from 'node:path';
import { SHEETS, type Settings } from '../src/schema';
import type { SiteData } from '../src/schema/site';
import { deriveSite, type SheetData } from './sheets/derive';
import { checkPictures } from './sheets/image-cells';
import { listImageFiles } from './sheets/images';
import { checkNearDuplicates } from './sheets/near-duplicates';
import { checkPlausibility } from './sheets/plausibility';
import { isError, sortProblems, type Problem } from './sheets/problem';
import { validateSheets } from './sheets/read-sheets';
import { checkReferences } from './sheets/references';
import { checkRows } from './sheets/row-rules';
import type { SheetStats } from './sheets/report';
import { TABLE_NAMES } from './sheets/tables';
import { lastChanged } from './sheets/updated';

export interface LoadSiteOptions {
  /** Folder holding the sheet files. */
  sheetsDir: string;
  /** Folder the sheets' picture paths are relative to; defaults to `{sheetsDir}/images`. */
  imagesDir?: string;
  /** The day possession dates are compared with; defaults to now (the build's date). */
  today?: Date;
  /**
   * Leaves out the checks that can only warn (near-duplicate names, a second of CPU at 10,000
   * records): a publish's build needs to know only whether it may build; staff read the warnings
   * when their upload was checked.
   */
  errorsOnly?: boolean;
  /** The picture encoder's cache: an SVG sanitised before is found there rather than sanitised again. */
  cacheDir?: string;
}

export interface LoadedSite {
  /** Null when any sheet has an error. */
  site: SiteData | null;
  /** Errors and warnings, by sheet in registry order, then row and column. */
  problems: Problem[];
  stats: SheetStats;
}

const SHEET_FILES: readonly string[] = Object.values(SHEETS).map((sheet) => sheet.file);

export async function loadSite(options: LoadSiteOptions): Promise<LoadedSite> {
  const { sheetsDir } = options;
  const imagesDir = options.imagesDir ?? join(sheetsDir, 'images');
  const problems: Problem[] = [];

  const [sheets, imageFiles] = await Promise.all([
    validateSheets(sheetsDir, problems),
    listImageFiles(imagesDir),
  ]);
  const { settings, tables } = sheets;
  checkRows(tables, problems, options.today);
  checkPlausibility(tables, problems);
  checkReferences(tables, problems);
  if (options.errorsOnly !== true) checkNearDuplicates(tables, problems);

  const assets = await checkPictures(sheets, imagesDir, imageFiles, problems, options.cacheDir);

  const sorted = sortProblems(problems, SHEET_FILES);
  const errors = sorted.filter(isError).length;
  const stats: SheetStats = {
    rows: Object.fromEntries([
      [settings.file, settings.rowCount],
      ...TABLE_NAMES.map((name) => [tables[name].file, tables[name].rowCount]),
    ]),
    errors,
    warnings: sorted.length - errors,
  };
  if (errors > 0) return { site: null, problems: sorted, stats };

  const site = deriveSite({
    settings: settings.values as Settings,
    sheets: Object.fromEntries(
      TABLE_NAMES.map((name) => [name, tables[name].rows.map((row) => row.data)]),
    ) as unknown as SheetData,
    rowNumbers: { preRented: tables.preRented.rows.map((row) => row.row) },
    images: assets,
    updated: await lastChanged(sheetsDir, SHEET_FILES),
  });
  return { site, problems: sorted, stats };
}
