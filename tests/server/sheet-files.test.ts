/**
 * The console's sheet files: the Excel download made for editing, uploads in
 * the encodings and separators spreadsheet programs write, the refusals, and
 * the row diff that keeps unchanged values in their live spelling.
 */
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sheetColumns } from '../../pipeline/sheets-readme';
import { csvRecords, sheetVersion, styleOf, writeCsv } from '../../server/sheets/csv-file';
import { LIST_COLUMN_MARK, readUpload, sheetNamed, type ReadUpload } from '../../server/sheets/read-upload';
import { downloadMark } from '../../server/sheets/read-xlsx';
import { diffSheet } from '../../server/sheets/row-diff';
import { sheetWorkbook } from '../../server/sheets/sheet-workbook';
import { READ_TIME_LIMIT_MS } from '../../server/sheets/upload-limits';
import { FIXTURES } from '../pipeline/fixtures';

const VALID = join(FIXTURES, 'valid');
const SHEETS = [...sheetColumns().keys()];
const live = (sheet: string) => readFileSync(join(VALID, sheet));
const liveRecords = (sheet: string) => csvRecords(sheet, live(sheet)).records;
const PICTURES = ['pre-rented/sbi-bank.jpg', 'pre-rented/haldirams.jpg', 'projects/joy-district/hero.jpg'];

async function download(sheet: string): Promise<Uint8Array> {
  return sheetWorkbook({
    sheet,
    records: liveRecords(sheet),
    columns: sheetColumns().get(sheet)?.columns ?? [],
    version: sheetVersion(live(sheet)),
    localities: ['Golf Course Road', 'Dwarka, Delhi', 'Sohna Road'],
    pictures: PICTURES,
  });
}

async function upload(name: string, bytes: Uint8Array, chosen: string | null = null) {
  return readUpload({ name, bytes, chosen }, SHEETS, async (sheet) => liveRecords(sheet)[0] ?? null);
}

async function uploaded(name: string, bytes: Uint8Array): Promise<ReadUpload> {
  const read = await upload(name, bytes);
  if ('refusal' in read) throw new Error(read.refusal.message);
  return read;
}

async function refusalOf(name: string, bytes: Uint8Array, chosen: string | null = null): Promise<string> {
  const read = await upload(name, bytes, chosen);
  if (!('refusal' in read)) throw new Error(`${name} was read`);
  return `${read.refusal.code}: ${read.refusal.message}`;
}

async function workbook(
  build: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void,
): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  build(book.addWorksheet('pre-rented'), book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A workbook with parts added, and its worksheet's XML edited, packed at the highest level. */
function repack(bytes: Uint8Array, added: Record<string, string>, edit = (xml: string) => xml): Uint8Array {
  const parts = unzipSync(bytes);
  const sheet = 'xl/worksheets/sheet1.xml';
  parts[sheet] = strToU8(edit(strFromU8(parts[sheet] ?? new Uint8Array())));
  for (const [path, text] of Object.entries(added)) parts[path] = strToU8(text);
  return zipSync(parts, { level: 9 });
}

async function openWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as never);
  return book;
}

const csv = (text: string) => new TextEncoder().encode(text);
const PRE_RENTED_HEADER = liveRecords('pre-rented.csv')[0]?.join(',') ?? '';

describe('the Excel download', () => {
  it.each(SHEETS)('%s comes back from Excel as the same file, with no change', async (sheet) => {
    const read = await uploaded(sheet.replace(/\.csv$/, '.xlsx'), await download(sheet));
    const { diff, records } = diffSheet(sheet, liveRecords(sheet), read.records);
    expect(diff.changes).toEqual([]);
    expect(Buffer.from(writeCsv(records, styleOf(sheet, live(sheet))))).toEqual(live(sheet));
    expect(read.version).toBe(sheetVersion(live(sheet)));
  });

  it('explains each column in a note on its header, freezes the header and marks the version', async () => {
    const book = await openWorkbook(await download('pre-rented.csv'));
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(book.worksheets).toHaveLength(1);
    expect(book.keywords).toBe(downloadMark('pre-rented.csv', sheetVersion(live('pre-rented.csv'))));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rentNote = sheet.getCell('I1').note;
    expect(typeof rentNote === 'string' ? rentNote : rentNote.texts?.map((t) => t.text).join('')).toContain(
      'Monthly rent in rupees, e.g. ₹2,08,439 or 2.08 Lakh.',
    );
  });

  it('writes rupees and areas as numbers with Indian grouping', async () => {
    const sheet = (await openWorkbook(await download('pre-rented.csv'))).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('I2').value).toBe(208439);
    expect(sheet.getCell('I2').numFmt).toMatch(/^\[>=10000000\]"₹"/);
    expect(sheet.getCell('E2').value).toBe(4500);
    expect(sheet.getCell('E2').numFmt).toBe('#,##0');
    // Several areas stay text: "1500/1700" is not one number.
    expect(sheet.getCell('F3').value).toBe('1500/1700');
  });

  it('offers drop-down lists for fixed sets, localities and pictures that exist', async () => {
    const sheet = (await openWorkbook(await download('pre-rented.csv'))).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('D2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"Office,Retail,Bank"'],
    });
    // A locality name holds a comma, so the list lives in a hidden column of the same sheet.
    const locality = sheet.getCell('C2').dataValidation;
    expect(locality).toMatchObject({ type: 'list', errorStyle: 'information' });
    const listColumn = /^\$([A-Z]+)\$2:/.exec(String(locality.formulae[0]))?.[1] ?? '';
    expect(sheet.getCell(`${listColumn}1`).value).toBe(`${LIST_COLUMN_MARK} locality`);
    expect(sheet.getColumn(listColumn).hidden).toBe(true);
    expect(sheet.getCell(`${listColumn}3`).value).toBe('Dwarka, Delhi');
    expect(sheet.getCell('N2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"pre-rented/sbi-bank.jpg,pre-rented/haldirams.jpg"'],
    });
    const projects = (await openWorkbook(await download('projects.csv'))).worksheets[0] as ExcelJS.Worksheet;
    const header = liveRecords('projects.csv')[0] ?? [];
    const column = (name: string) => header.indexOf(name) + 1;
    expect(projects.getCell(2, column('page')).dataValidation.formulae[0]).toMatch(/^"[\w,]+"$/);
    expect(projects.getCell(2, column('new_development')).dataValidation.formulae).toEqual(['"yes,no"']);
  });
});

// Uploads are read in a worker thread, which takes a few seconds to start on a busy machine.
describe('an uploaded sheet', { timeout: 30_000 }, () => {
  it('reads an edited download, and a changed rent is one changed cell', async () => {
    const book = await openWorkbook(await download('pre-rented.csv'));
    (book.worksheets[0] as ExcelJS.Worksheet).getCell('I3').value = 150000;
    const read = await uploaded('pre-rented (1).xlsx', new Uint8Array(await book.xlsx.writeBuffer()));
    const { diff, records } = diffSheet('pre-rented.csv', liveRecords('pre-rented.csv'), read.records);
    expect(diff.changes).toEqual([
      expect.objectContaining({ change: 'changed', cells: [8], before: expect.objectContaining({ row: 3 }) }),
    ]);
    expect(records[2]?.[8]).toBe('150000');
    // Every other rupee amount keeps its live spelling (₹2,08,439), not Excel's number.
    expect(records[1]?.[8]).toBe('₹2,08,439');
  });

  it('reads a Windows-1252 "CSV (Comma delimited)" with accented letters and dashes as written', async () => {
    const text = `${PRE_RENTED_HEADER}\r\nCafé Noir,Vatika – Tower B,Golf Course Road,Retail,1200,-,9,3,"₹60,000",,6,5% every year — fixed,,pre-rented/sbi-bank.jpg\r\n`;
    const bytes = new Uint8Array(
      [...text].map((char) => ({ é: 0xe9, '–': 0x96, '—': 0x97, '₹': 0x80 })[char] ?? char.charCodeAt(0)),
    );
    const read = await uploaded('pre-rented.csv', bytes);
    expect(read.format).toBe('Windows-1252');
    expect(read.records[1]?.slice(0, 2)).toEqual(['Café Noir', 'Vatika – Tower B']);
    expect(read.records[1]?.[8]).toBe('€60,000');
    expect(read.records[1]?.[11]).toBe('5% every year — fixed');
  });

  it('reads UTF-8 with and without the byte-order mark, semicolons and UTF-16 tab-separated text', async () => {
    const row = 'Café Noir;Vatika – Tower B;;Retail;1200;-;9;3;"₹60,000";;6;-;;pre-rented/sbi-bank.jpg';
    const semicolons = `${PRE_RENTED_HEADER.replace(/,/g, ';')}\n${row}\n`;
    for (const [bytes, format] of [
      [csv(`\uFEFF${semicolons}`), 'UTF-8 with BOM'],
      [csv(semicolons), 'UTF-8'],
      [new Uint8Array([0xff, 0xfe, ...Buffer.from(semicolons.replace(/;/g, '\t'), 'utf16le')]), 'UTF-16'],
    ] as const) {
      const read = await uploaded('pre-rented.csv', bytes);
      expect(read.format).toBe(format);
      expect(read.records[1]?.slice(0, 2)).toEqual(['Café Noir', 'Vatika – Tower B']);
      expect(read.records[1]?.[8]).toBe('₹60,000');
    }
  });

  it('reads a 10,000-record sheet well within the limits', async () => {
    const [header = [], ...rows] = liveRecords('pre-rented.csv');
    const records = [header, ...Array.from({ length: 10_000 }, (_, i) => rows[i % rows.length] ?? [])];
    const read = await uploaded('pre-rented.csv', writeCsv(records, styleOf('pre-rented.csv', null)));
    expect(read.records).toEqual(records);
  });

  it('goes to the sheet its name names, else the one it was uploaded on', () => {
    expect(sheetNamed('pre-rented.csv', SHEETS)).toBe('pre-rented.csv');
    expect(sheetNamed('Pre-Rented (2).xlsx', SHEETS)).toBe('pre-rented.csv');
    expect(sheetNamed('prices.xlsx', SHEETS)).toBeNull();
  });

  it('passes a broken quote on with the words of npm run check:sheets', async () => {
    const read = await uploaded('pre-rented.csv', csv(`${PRE_RENTED_HEADER}\nSBI Bank,"Vatika,x\n`));
    expect(read.problems.map((problem) => problem.code)).toEqual(['unclosed-quote']);
  });
});

describe('an upload that cannot be read', { timeout: 30_000 }, () => {
  it('says why, for each kind of file', async () => {
    const several = await workbook((_, book) => book.addWorksheet('Notes'));
    const formula = await workbook((sheet) => {
      sheet.addRow(PRE_RENTED_HEADER.split(','));
      sheet.getCell('I2').value = { formula: 'E2*46', result: 207000 };
    });
    const merged = await workbook((sheet) => {
      sheet.addRow(PRE_RENTED_HEADER.split(','));
      sheet.mergeCells('A2:B3');
    });
    const date = await workbook((sheet) => {
      sheet.addRow(PRE_RENTED_HEADER.split(','));
      sheet.getCell('F2').value = new Date(Date.UTC(2026, 2, 9));
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const refusals = [
      await refusalOf('pre-rented.csv', new Uint8Array()),
      await refusalOf('pre-rented.csv', png),
      await refusalOf('photo.png', png, 'pre-rented.csv'),
      await refusalOf('pre-rented.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
      await refusalOf('pre-rented.xlsx', csv('not a zip')),
      await refusalOf('pre-rented.csv', new Uint8Array(50 * 1024 * 1024)),
      await refusalOf('pre-rented.xlsx', several),
      await refusalOf('pre-rented.xlsx', formula),
      await refusalOf('pre-rented.xlsx', merged),
      await refusalOf('pre-rented.xlsx', date),
      await refusalOf('pre-rented.csv', csv(`${PRE_RENTED_HEADER.replace('rent,', 'monthly rent,')}\n`)),
      await refusalOf('pre-rented.csv', csv('\n\n')),
      await refusalOf('prices.csv', csv(`${PRE_RENTED_HEADER}\n`)),
    ];
    expect(refusals).toMatchSnapshot();
  });
});

describe('an upload past the limits', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is refused with the limit it passed, in plain words', async () => {
    const header = PRE_RENTED_HEADER.split(',');
    const farDown = await workbook((sheet) => {
      sheet.addRow(header);
      sheet.getCell('Z100000').value = 'x';
    });
    const farRight = await workbook((sheet) => {
      sheet.addRow(header);
      sheet.getCell('CW2').value = 'x';
    });
    // One long string, stored once, in every cell: a small file holding far more text than any sheet.
    const long = 'Golf Course Road '.repeat(500);
    const sameString = await workbook((sheet) => {
      sheet.addRow(header);
      for (let r = 0; r < 1_000; r++) sheet.addRow(header.map(() => long));
    });
    const small = await workbook((sheet) => {
      sheet.addRow(header);
      sheet.mergeCells('A2:B2');
    });
    // Parts written straight into the zip, as a hostile file would be, not as exceljs writes them.
    const packedTight = repack(small, { 'xl/notes.xml': ' '.repeat(2_000_000) });
    const unpacksLarge = repack(small, { 'xl/notes.xml': 'Golf Course Road, '.repeat(1_500_000) });
    const mergeBomb = repack(small, {}, (xml) => xml.replace('A2:B2', 'A2:CV1048576'));
    const refusals = [
      await refusalOf('pre-rented.xlsx', farDown),
      await refusalOf('pre-rented.xlsx', farRight),
      await refusalOf('pre-rented.xlsx', sameString),
      await refusalOf('pre-rented.xlsx', packedTight),
      await refusalOf('pre-rented.xlsx', unpacksLarge),
      await refusalOf('pre-rented.xlsx', mergeBomb),
      await refusalOf(
        'pre-rented.csv',
        csv(`${PRE_RENTED_HEADER}\n${'Vatika,'.repeat(20_001).split(',').join('\n')}`),
      ),
      await refusalOf('pre-rented.csv', csv(`${PRE_RENTED_HEADER}\nSBI Bank,${'x'.repeat(10_001)}\n`)),
      await refusalOf('pre-rented.csv', new Uint8Array(10 * 1024 * 1024).fill(0x61)),
    ];
    expect(refusals).toMatchSnapshot();
  });

  it('is stopped when reading takes too long, and the next upload is read as usual', async () => {
    await uploaded('pre-rented.csv', live('pre-rented.csv'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const handOver = Worker.prototype.postMessage;
    // The clock passes the limit the moment the file is handed to the worker, before it can answer.
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (this: Worker, ...args) {
      handOver.apply(this, args);
      vi.advanceTimersByTime(READ_TIME_LIMIT_MS);
    });
    expect(await refusalOf('pre-rented.csv', live('pre-rented.csv'))).toMatchInlineSnapshot(
      `"too-slow: "pre-rented.csv" took more than 30 seconds to read and was stopped, so that the site stays quick for everyone. A sheet takes a few seconds at most: save it again from Excel or Google Sheets, without what the sheet does not need, and upload that file."`,
    );
    vi.useRealTimers();
    expect((await uploaded('pre-rented.csv', live('pre-rented.csv'))).records).toEqual(
      liveRecords('pre-rented.csv'),
    );
  });
});

describe('the row diff', () => {
  const projects = liveRecords('projects.csv');
  const slug = (projects[0] ?? []).indexOf('slug');

  it('matches rows by the key column, wherever they moved', () => {
    const [header = [], first = [], second = [], ...rest] = projects;
    const renamed = second.map((cell, i) =>
      i === (projects[0] ?? []).indexOf('name') ? `${cell} Phase 2` : cell,
    );
    const added = first.map((cell, i) => (i === slug ? 'brandNew' : cell));
    const after = [header, renamed, ...rest, added];
    const { diff } = diffSheet('projects.csv', projects, after);
    expect(
      diff.changes.map((change) => [
        change.change,
        change.before?.row ?? null,
        change.after?.row ?? null,
        change.cells,
      ]),
    ).toEqual([
      ['removed', 2, null, []],
      ['changed', 3, 2, [(projects[0] ?? []).indexOf('name')]],
      ['added', null, projects.length, []],
    ]);
  });

  it('matches rows by their place where the sheet has no key column', () => {
    const rows = liveRecords('pre-rented.csv');
    const after = [rows[0] ?? [], ...rows.slice(2), ['Extra']];
    const { diff } = diffSheet('pre-rented.csv', rows, after);
    expect(diff.changes.map((change) => change.change)).toEqual(['removed', 'added']);
  });

  it('counts a value written another way as no change, and keeps the live spelling', () => {
    const rows = liveRecords('pre-rented.csv');
    const after = rows.map((row, r) => (r === 1 ? row.map((cell, i) => (i === 8 ? '208439' : cell)) : row));
    const { diff, records } = diffSheet('pre-rented.csv', rows, after);
    expect(diff.changes).toEqual([]);
    expect(records[1]?.[8]).toBe('₹2,08,439');
  });
});
