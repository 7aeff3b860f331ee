/**
 * `npm run leads -- [--since YYYY-MM-DD] [--format table|csv|json]`: the
 * enquiries in the configured database, newest first. With DATABASE_URL it
 * reads that PostgreSQL server; otherwise the embedded database, through the
 * running service when one holds it open.
 *
 * CSV opens in Excel as it is (UTF-8 with a byte-order mark), with cells that
 * a spreadsheet would run as a formula (columns.ts's FORMULA_START: = + - @ and
 * their fullwidth forms, also after spaces; tab, CR, LF) made inert, and phones
 * written as dialled from India, which Excel reads as text.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config';
import { embeddedOwner, embeddedPaths } from './db/embedded';
import { CSV_BOM, csvLines, ENQUIRY_COLUMNS, ENQUIRY_ID_COLUMN } from './leads/columns';
import { readThroughLocalAccess } from './leads/local-access-client';
import type { Column, SheetEnquiry } from './leads/columns';
import type { EnquiryFilter, StoredEnquiry } from './leads/store';
import { indiaTime } from './notify/notifiers';

const FORMATS = ['table', 'csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

export class UsageError extends Error {}

/** `--since 2026-11-20` means from midnight in India on that day. */
export function sinceOf(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const since = new Date(`${value}T00:00:00+05:30`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(since.getTime()))
    throw new UsageError(
      `--since takes a day written YYYY-MM-DD, such as 2026-11-20; "${value}" is not one.`,
    );
  return since;
}

const COLUMNS = [...ENQUIRY_COLUMNS, ENQUIRY_ID_COLUMN];

export function toCsv(enquiries: readonly StoredEnquiry[]): string {
  return `${CSV_BOM}${csvLines(COLUMNS, enquiries, true)}`;
}

/** The JSON export: every stored field, `receivedAt` as an ISO time. */
export function toJson(enquiries: readonly StoredEnquiry[]): string {
  return `${JSON.stringify(enquiries, null, 2)}\n`;
}

/** A table for the terminal: the columns a person scans, each cut to a readable width. */
export function toTable(enquiries: readonly StoredEnquiry[]): string {
  if (enquiries.length === 0) return 'No enquiries.\n';
  const shown: Column<SheetEnquiry>[] = [
    ['Received', (e) => indiaTime(e.receivedAt)],
    ...COLUMNS.slice(1, 7),
  ];
  const cut = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text).replace(/\s+/g, ' ');
  const rows = [shown.map(([name]) => name), ...enquiries.map((e) => shown.map(([, cell]) => cut(cell(e))))];
  const widths = shown.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const [head, ...body] = rows as [string[], ...string[][]];
  const total = `${enquiries.length} ${enquiries.length === 1 ? 'enquiry' : 'enquiries'}`;
  return [
    line(head),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...body.map(line),
    '',
    total,
    '',
  ].join('\n');
}

async function readEnquiries(env: NodeJS.ProcessEnv, filter: EnquiryFilter): Promise<StoredEnquiry[]> {
  const config = readConfig(env);
  if (config.DATABASE_URL === undefined) {
    const paths = embeddedPaths(config.DATA_DIR);
    if ((await embeddedOwner(config.DATA_DIR)) !== null) return readThroughLocalAccess(paths.socket, filter);
    if (!existsSync(paths.cluster)) return [];
  }
  // Loaded only here: through the running service's socket, reading needs none of them.
  const [{ openDatabase }, { migrate }, { listEnquiries }] = await Promise.all([
    import('./db/open'),
    import('./db/migrate'),
    import('./leads/store'),
  ]);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    return await listEnquiries(db, filter);
  } finally {
    await db.close();
  }
}

const USAGE = `Usage: npm run leads -- [--since YYYY-MM-DD] [--format table|csv|json]

Lists the enquiries in the database, newest first.
  --since DAY    only those from midnight in India on DAY, e.g. 2026-11-20
  --format       table (default), csv (opens in Excel) or json
  --help         prints this
With DATABASE_URL it reads that PostgreSQL server; otherwise the embedded database in DATA_DIR.`;

/** The command's options; a word it does not know is a usage mistake, answered with the usage. */
function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        since: { type: 'string' },
        format: { type: 'string', default: 'table' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}

/** What `npm run leads -- ...args` prints, reading the database `env` names. */
export async function leadsCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const values = options(args);
  if (values.help) return `${USAGE}\n`;
  const format = values.format as Format;
  if (!FORMATS.includes(format))
    throw new UsageError(`--format takes ${FORMATS.join(', ')}; "${values.format}" is not one of them.`);
  const since = sinceOf(values.since);
  const enquiries = await readEnquiries(env, since === undefined ? {} : { since });
  const write = { table: toTable, csv: toCsv, json: toJson }[format];
  return write(enquiries);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  leadsCommand(process.argv.slice(2), process.env)
    .then((output) => process.stdout.write(output))
    .catch((error: unknown) => {
      const known = error instanceof UsageError || error instanceof ConfigError;
      console.error(known ? error.message : error);
      process.exit(known ? 2 : 1);
    });
}
