/**
 * The live sheets as the console shows them: read from the service's
 * checkout, whose sheets/ the publisher keeps equal to the live site and
 * commits on every publish (so git knows who changed each sheet, and when).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sheetColumns, type SheetDescription } from '../../pipeline/sheets-readme';
import { listImageFiles } from '../../pipeline/sheets/images';
import { SHEETS } from '../../src/schema';
import type { SheetChange, SheetSummary } from '../../src/schema/staff-sheets';
import { csvRecords } from './csv-file';

const run = promisify(execFile);

export const SHEET_FILES: readonly string[] = Object.values(SHEETS).map((sheet) => sheet.file);

let described: Map<string, SheetDescription> | undefined;
/** Read from the schemas' source once: they change only with the code. */
export function descriptions(): Map<string, SheetDescription> {
  described ??= sheetColumns();
  return described;
}

/** The schema's doc comment in words for staff: "One row of x.csv: one award card" → "One award card". */
function plainDescription(sheet: string): string {
  const text = descriptions().get(sheet)?.description ?? '';
  const row = /^One row of [\w.-]+: (.*)$/.exec(text)?.[1];
  if (row === undefined) return text.replace(/ Each key below.*$/, '');
  return `One row per ${row.replace(/^(one|an?) /i, '')}`;
}

export class LiveSheets {
  constructor(private readonly repoDir: string) {}

  get dir(): string {
    return join(this.repoDir, 'sheets');
  }

  async bytes(sheet: string): Promise<Uint8Array | null> {
    return readFile(join(this.dir, sheet)).catch(() => null);
  }

  async records(sheet: string): Promise<string[][]> {
    const bytes = await this.bytes(sheet);
    return bytes === null ? [] : csvRecords(sheet, bytes).records;
  }

  async pictures(): Promise<string[]> {
    return [...(await listImageFiles(join(this.dir, 'images')))].sort();
  }

  /** A version of a sheet by its blob id (`sheetVersion`), if git still has it. */
  async version(blob: string): Promise<Uint8Array | null> {
    if (!/^[0-9a-f]{40}$/.test(blob)) return null;
    return run('git', ['cat-file', 'blob', blob], { cwd: this.repoDir, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout }) => new Uint8Array(stdout),
      () => null,
    );
  }

  /** The last commit of each sheet: who, when and why. */
  async lastChanges(): Promise<Map<string, SheetChange>> {
    const changes = new Map<string, SheetChange>();
    const files = SHEET_FILES.map((file) => `sheets/${file}`);
    const { stdout } = await run('git', ['log', '-n', '300', '--format=%x00%an%x1f%aI%x1f%s', '--name-only', '--', ...files], {
      cwd: this.repoDir,
      maxBuffer: 16 * 1024 * 1024,
    }).catch(() => ({ stdout: '' }));
    for (const commit of stdout.split('\0').slice(1)) {
      const [head = '', ...names] = commit.trim().split('\n');
      const [author = '', date = '', message = ''] = head.split('\x1f');
      for (const name of names) {
        const sheet = name.replace(/^sheets\//, '');
        if (name !== '' && !changes.has(sheet)) changes.set(sheet, { author, date, message });
      }
    }
    return changes;
  }

  async summaries(): Promise<SheetSummary[]> {
    const changes = await this.lastChanges();
    return Promise.all(
      SHEET_FILES.map(async (file) => ({
        file,
        description: plainDescription(file),
        rows: Math.max(0, (await this.records(file)).length - 1),
        lastChange: changes.get(file) ?? null,
      })),
    );
  }
}
