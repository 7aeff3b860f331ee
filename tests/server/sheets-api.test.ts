/**
 * /staff/api/sheets on a checkout of the valid fixture sheets, with a
 * recording stand-in for the publisher (its own tests build real sites): an
 * upload is checked by the pipeline with the other live sheets, and only a
 * valid change becomes a draft that can be published.
 */
import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Author, Change, Draft, DraftFile, Publisher } from '../../server/publish/publisher';
import { mergeSheetFile } from '../../server/publish/merge';
import { PublishError } from '../../server/publish/publisher';
import { sheetsApi } from '../../server/sheets/sheets-api';
import {
  HistoryEntrySchema,
  PictureEntrySchema,
  PictureResultSchema,
  SheetSummarySchema,
  UploadResultSchema,
  type CellConflict,
  type UploadChecked,
} from '../../src/schema/staff-sheets';
import { FIXTURES } from '../pipeline/fixtures';

const run = promisify(execFile);
const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Asha Rao', '-c', 'user.email=asha@example.com', ...args], { cwd });

/** Keeps drafts as folders of sheets merged like the real publisher's, and records what is published. */
class RecordingPublisher implements Pick<
  Publisher,
  | 'createDraft'
  | 'draft'
  | 'draftFiles'
  | 'discardDraft'
  | 'preview'
  | 'publish'
  | 'undo'
  | 'restore'
  | 'history'
> {
  readonly drafts = new Map<string, Draft & { uploaded: DraftFile[] }>();
  readonly published: { draftId: string; author: Author; message: string; choices: unknown }[] = [];
  readonly discarded: string[] = [];
  readonly library = new Map<string, Uint8Array>();
  constructor(
    private readonly repoDir: string,
    private readonly workDir: string,
  ) {}

  async createDraft(files: DraftFile[]) {
    const id = `d${this.drafts.size + 1}`;
    const sheetsDir = join(this.workDir, id, 'sheets');
    await cp(join(this.repoDir, 'sheets'), sheetsDir, { recursive: true });
    const conflicts: CellConflict[] = [];
    for (const file of files) {
      const target = join(sheetsDir, file.path);
      let bytes = file.bytes;
      if (file.base !== undefined && file.base !== null) {
        const merged = mergeSheetFile(
          file.path,
          file.base,
          file.bytes,
          new Uint8Array(await readFile(target)),
        );
        conflicts.push(...merged.conflicts.map((conflict) => ({ ...conflict, by: null, at: null })));
        bytes = merged.bytes;
      }
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    const draft = {
      id,
      sheetsDir,
      baseCommit: 'base',
      files: files.map((file) => file.path),
      based: [],
      createdAt: '',
    };
    this.drafts.set(id, { ...draft, uploaded: files });
    return { ...draft, conflicts };
  }
  async draft(id: string): Promise<Draft> {
    const draft = this.drafts.get(id);
    if (draft === undefined) throw new PublishError('This draft no longer exists: upload the files again.');
    return draft;
  }
  async draftFiles(id: string): Promise<DraftFile[]> {
    return this.drafts.get(id)?.uploaded ?? [];
  }
  async discardDraft(id: string): Promise<void> {
    this.discarded.push(id);
    this.drafts.delete(id);
  }
  async preview(id: string) {
    const draft = await this.draft(id);
    return {
      root: join(FIXTURES, 'site'),
      pages: [{ path: '/preRentedList/SBI Bank', change: 'changed' as const, files: draft.files }],
    };
  }
  async publish(
    draftId: string,
    author: Author,
    message: string,
    details?: { choices?: unknown },
  ): Promise<Change> {
    await this.draft(draftId);
    this.published.push({ draftId, author, message, choices: details?.choices });
    return change(`c${this.published.length}`, author, message);
  }
  async undo(changeId: string, author: Author): Promise<Change> {
    return { ...change(`u-${changeId}`, author, `Undo: ${changeId}`), kind: 'undo', rollbackOf: changeId };
  }
  async restore(changeId: string, author: Author): Promise<Change> {
    return {
      ...change(`r-${changeId}`, author, `Restore: ${changeId}`),
      kind: 'restore',
      rollbackOf: changeId,
    };
  }
  async waitingPictures(): Promise<string[]> {
    return [...this.library.keys()].sort();
  }
  async addPicture(path: string, bytes: Uint8Array): Promise<void> {
    this.library.set(path, bytes);
  }
  async removePicture(path: string): Promise<boolean> {
    return this.library.delete(path);
  }
  async history(): Promise<Change[]> {
    return this.published.map((entry, i) => change(`c${i + 1}`, entry.author, entry.message)).reverse();
  }
}

const change = (id: string, author: Author, message: string): Change => ({
  id,
  kind: 'publish',
  commit: 'abc',
  author,
  at: '2026-11-25T07:00:00.000Z',
  message,
  files: ['pre-rented.csv'],
  rows: [],
  rollbackOf: null,
  takesBack: [],
  rolledBackBy: null,
  build: 'b2',
  previousBuild: 'b1',
  previousCommit: 'abb',
  push: { state: 'off', error: null, attempts: 0, triedAt: null },
});

let repoDir: string;
let publisher: RecordingPublisher;
let app: ReturnType<typeof sheetsApi>['api'];
const audit: string[] = [];
const downloads = new Map<string, string>();
const ASHA = { name: 'Asha Rao', email: 'asha@example.com' };

beforeAll(async () => {
  repoDir = await mkdtemp(join(tmpdir(), 'sheets-api-'));
  await cp(join(FIXTURES, 'valid'), join(repoDir, 'sheets'), { recursive: true });
  await git(repoDir, 'init', '--quiet');
  await git(repoDir, 'add', '--all');
  await git(repoDir, 'commit', '--quiet', '-m', 'Rents for November');
  publisher = new RecordingPublisher(repoDir, join(repoDir, '.drafts'));
  app = sheetsApi({
    publisher: publisher as unknown as Publisher,
    repoDir,
    member: () => ASHA,
    isAdmin: () => false,
    downloads: {
      record: async (email, sheet, version) => void downloads.set(`${email} ${sheet}`, version),
      find: async (email, sheet) => downloads.get(`${email} ${sheet}`) ?? null,
    },
    audit: async (_c, action, subject, detail) =>
      void audit.push(`${action} ${subject} ${JSON.stringify(detail)}`),
    previewBase: '/staff/preview/',
  }).api;
});

afterAll(() => rm(repoDir, { recursive: true, force: true }));

const liveText = (sheet: string) => readFile(join(repoDir, 'sheets', sheet), 'utf8');

async function post(
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string> = {},
  path = '/upload',
) {
  const form = new FormData();
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  const response = await app.request(path, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function checked(
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string> = {},
): Promise<UploadChecked> {
  const { body } = await post(name, bytes, fields);
  const result = UploadResultSchema.parse(body);
  if (result.status !== 'checked') throw new Error(result.message);
  return result;
}

const at = (problem: { sheet: string; row: number | null; column: string | null; field: string | null }) =>
  `${problem.sheet} ${problem.row} ${problem.column} ${problem.field}`;

describe('the sheets list and downloads', () => {
  it('lists every sheet with its rows, description and last change', async () => {
    const sheets = SheetSummarySchema.array().parse(await (await app.request('/')).json());
    expect(sheets).toHaveLength(14);
    const preRented = sheets.find((sheet) => sheet.file === 'pre-rented.csv');
    expect(preRented).toMatchObject({
      description: 'One row per leased unit offered to investors.',
      lastChange: { author: 'Asha Rao', message: 'Rents for November' },
    });
    expect(preRented?.rows).toBe((await liveText('pre-rented.csv')).trim().split('\n').length - 1);
  });

  it('downloads a sheet as Excel and as CSV, named after the sheet', async () => {
    const xlsx = await app.request('/pre-rented.csv/download/xlsx');
    expect(xlsx.headers.get('Content-Disposition')).toContain('filename="pre-rented.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await xlsx.arrayBuffer()) as never);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['pre-rented']);
    const csv = await app.request('/pre-rented.csv/download/csv');
    expect(Buffer.from(await csv.arrayBuffer())).toEqual(
      await readFile(join(repoDir, 'sheets/pre-rented.csv')),
    );
  });
});

// Uploads are read in a worker thread, which takes a few seconds to start on a busy machine.
describe('an uploaded sheet', { timeout: 30_000 }, () => {
  it('with three mistakes: each at its row and column, in the words of check:sheets, and no draft', async () => {
    const text = (await liveText('pre-rented.csv'))
      .replace('"₹2,08,439"', '2O8439')
      .replace(',Bank,3200,', ',Bnak,3200,')
      .replace('pre-rented/haldirams.jpg', 'pre-rented/haldiram.jpg');
    const result = await checked('pre-rented.csv', text);
    expect(result.problems.map(at)).toEqual([
      'pre-rented.csv 2 I rent',
      'pre-rented.csv 3 D property_type',
      expect.stringMatching(/^pre-rented\.csv \d+ N image$/),
    ]);
    expect(result.problems[0]?.message).toBe(
      '"2O8439" is not an amount. Write an amount in rupees such as 208439, ₹2,08,439, 2.08 Lakh or 1.5 Cr.',
    );
    expect(result.draftId).toBeNull();
    expect(publisher.discarded).toHaveLength(1);
  });

  it('counts references from the other live sheets', async () => {
    const live = await liveText('projects.csv');
    const [header, , ...rest] = live.split('\n');
    const result = await checked('projects.csv', [header, ...rest].join('\n'));
    expect(
      result.problems.some((problem) => problem.sheet !== 'projects.csv' && problem.severity === 'error'),
    ).toBe(true);
    expect(result.draftId).toBeNull();
  });

  it('with a changed rent: the change as rows, a draft, published under the staff member', async () => {
    const text = (await liveText('pre-rented.csv')).replace('"₹2,08,439"', '"₹2,15,000"');
    const result = await checked('pre-rented.csv', text);
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.diff.changes).toEqual([expect.objectContaining({ change: 'changed', cells: [8] })]);
    expect(result.changedSinceDownload).toBeNull();
    const response = await app.request('/publish', {
      method: 'POST',
      body: JSON.stringify({ draftId: result.draftId, message: 'SBI rent from December' }),
    });
    expect(HistoryEntrySchema.parse(await response.json())).toMatchObject({
      author: 'Asha Rao',
      message: 'SBI rent from December',
    });
    expect(publisher.published.at(-1)).toMatchObject({ author: ASHA, choices: [] });
    expect(audit.at(-1)).toMatch(
      /^sheet-published pre-rented\.csv \{"change":"c\d","message":"SBI rent from December","choices":0\}$/,
    );
  });

  it('refuses a workbook with two sheets, and writes nothing', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('pre-rented');
    book.addWorksheet('Sheet2');
    const drafts = publisher.drafts.size;
    const { status, body } = await post('pre-rented.xlsx', new Uint8Array(await book.xlsx.writeBuffer()));
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: 'refused', code: 'several-sheets' });
    expect(publisher.drafts.size).toBe(drafts);
  });

  it('refuses a 50 MB file before reading it', async () => {
    const { status, body } = await post('pre-rented.csv', new Uint8Array(50 * 1024 * 1024));
    expect(status).toBe(413);
    expect(body).toMatchObject({ status: 'refused', code: 'too-large' });
  }, 60_000);

  it('answers other requests while a hostile upload is read, then refuses it by the limit it passed', async () => {
    const [header, ...rows] = (await liveText('pre-rented.csv')).trim().split('\n');
    const tooLong = [header, ...Array.from({ length: 20_001 }, (_, i) => rows[i % rows.length])].join('\n');
    const handOver = Worker.prototype.postMessage;
    const handedOver = new Promise<void>((resolve) => {
      vi.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (this: Worker, ...args) {
        handOver.apply(this, args);
        resolve();
      });
    });
    let answered = false;
    const upload = post('pre-rented.csv', tooLong).finally(() => (answered = true));
    await handedOver;
    // The worker has the file: the service's own thread is free to answer meanwhile.
    const pictures = await app.request('/pictures');
    expect(pictures.status).toBe(200);
    expect(answered).toBe(false);
    const { status, body } = await upload;
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: 'refused', code: 'too-many-rows' });
    vi.restoreAllMocks();
  }, 30_000);

  it('merges an Excel upload with what went live since its download, and says what changed meanwhile', async () => {
    const download = new Uint8Array(await (await app.request('/pre-rented.csv/download/xlsx')).arrayBuffer());
    const live = await liveText('pre-rented.csv');
    await writeFile(join(repoDir, 'sheets/pre-rented.csv'), live.replace(',Bank,3200,', ',Retail,3200,'));
    await git(repoDir, 'commit', '--quiet', '-am', 'Dwarka branch is a shop now');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(download) as never);
    (book.worksheets[0] as ExcelJS.Worksheet).getCell('I2').value = 215000;
    const result = await checked('pre-rented.xlsx', new Uint8Array(await book.xlsx.writeBuffer()));
    expect(result.changedSinceDownload?.changes).toEqual([
      expect.objectContaining({ change: 'changed', cells: [3], after: expect.objectContaining({ row: 3 }) }),
    ]);
    // Merged with what is live now: the colleague's Retail stays, the member's rent is added.
    expect(result.diff.changes.map((row) => [row.after?.row, row.cells])).toEqual([[2, [8]]]);
    expect(result.conflicts).toEqual([]);
  }, 30_000);

  it('merges a CSV upload with what went live since that member downloaded it, and shows a cell both changed', async () => {
    const download = await (await app.request('/pre-rented.csv/download/csv')).text();
    const live = await liveText('pre-rented.csv');
    await writeFile(join(repoDir, 'sheets/pre-rented.csv'), live.replace('"15,56,325"', '"15,60,000"'));
    await git(repoDir, 'commit', '--quiet', '-am', 'SOCIAL rent');
    const result = await checked(
      'pre-rented.csv',
      download.replace('"15,56,325"', '"15,70,000"').replace('"95,340"', '"96,000"'),
    );
    expect(result.conflicts).toEqual([
      expect.objectContaining({
        label: 'SOCIAL · Cyber Hub',
        column: 'rent',
        row: 5,
        letter: 'I',
        base: '15,56,325',
        yours: '15,70,000',
        theirs: '15,60,000',
      }),
    ]);
    expect(result.diff.changes.map((row) => [row.after?.row, row.cells])).toEqual([
      [5, [8]],
      [6, [8]],
    ]);
    expect(result.rows.map((row) => row.row)).toEqual([1]);
  }, 30_000);
});

describe('uploads one member makes', () => {
  it('are limited per minute, with a 429 in plain words and nothing kept', async () => {
    const limited = sheetsApi({
      publisher: publisher as unknown as Publisher,
      repoDir,
      member: () => ({ name: 'Busy Member', email: 'busy@example.com' }),
      isAdmin: () => false,
      downloads: { record: async () => undefined, find: async () => null },
      audit: async () => undefined,
      previewBase: '/staff/preview/',
      uploadsPerMinute: 1,
    }).api;
    const send = () => {
      const form = new FormData();
      form.set('file', new File(['not a sheet'], 'notes.txt'));
      return limited.request('/upload', { method: 'POST', body: form });
    };
    expect((await send()).status).toBe(422);
    const drafts = publisher.drafts.size;
    const refused = await send();
    expect([refused.status, await refused.json()]).toEqual([
      429,
      {
        error:
          'You uploaded more than 1 files in a minute; wait a minute and upload again. Nothing of the last file was kept.',
      },
    ]);
    expect(publisher.drafts.size).toBe(drafts);
  });
});

/** A PNG whose header says its size, holding one row of pixels: what sharp reads to tell the size. */
function pngOfSize(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const row = chunk('IDAT', deflateSync(Buffer.alloc(width + 1)));
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), row, chunk('IEND', Buffer.alloc(0))]),
  );
}

describe('an uploaded picture', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();

  it('goes into its folder of sheets/images as a draft', async () => {
    const { body } = await post(
      'tower-b.png',
      new Uint8Array(await png()),
      { folder: 'projects' },
      '/pictures',
    );
    const result = PictureResultSchema.parse(body);
    expect(result).toMatchObject({
      status: 'checked',
      path: 'projects/tower-b.png',
      width: 40,
      height: 30,
      replaces: false,
    });
    const draft = await publisher.draft(result.status === 'checked' ? result.draftId : '');
    expect(draft.files).toEqual(['images/projects/tower-b.png']);
  });

  it('takes a phone’s name as a web name, keeps it in the shared library, warns when it is small, and deletes it', async () => {
    const { body } = await post(
      'Cafe Coffee Day Cyber Hub.PNG',
      new Uint8Array(await png()),
      { folder: 'pre-rented' },
      '/pictures',
    );
    expect(PictureResultSchema.parse(body)).toMatchObject({
      status: 'checked',
      path: 'pre-rented/cafe-coffee-day-cyber-hub.png',
      uploadedAs: 'Cafe Coffee Day Cyber Hub.PNG',
      warning:
        'This picture is 40 × 30 pixels; pictures for cards should be at least 1200 pixels wide (sheets/README.md), or the website shows them blurred. It is kept all the same: replace it with a larger one when you can.',
    });
    const listed = PictureEntrySchema.array().parse(await (await app.request('/pictures')).json());
    expect(listed).toContainEqual({ path: 'pre-rented/cafe-coffee-day-cyber-hub.png', live: false });
    expect(listed).toContainEqual({ path: 'pre-rented/sbi-bank.jpg', live: true });
    const deleted = await app.request('/pictures/pre-rented/cafe-coffee-day-cyber-hub.png', {
      method: 'DELETE',
    });
    expect(
      PictureEntrySchema.array()
        .parse(await deleted.json())
        .map((entry) => entry.path),
    ).not.toContain('pre-rented/cafe-coffee-day-cyber-hub.png');
    expect((await app.request('/pictures/pre-rented/sbi-bank.jpg', { method: 'DELETE' })).status).toBe(404);
  });

  it('is refused when it is not what its name says, or an SVG with nothing to draw', async () => {
    const refused = [
      await post('tower-b.jpg', new Uint8Array(await png()), { folder: 'projects' }, '/pictures'),
      await post(
        'logo.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        { folder: 'builders' },
        '/pictures',
      ),
      await post('notes.svg', 'hello', { folder: 'builders' }, '/pictures'),
      await post('tower b.gif', new Uint8Array(await png()), { folder: 'projects' }, '/pictures'),
      await post('tower.png', new Uint8Array(await png()), { folder: '../src' }, '/pictures'),
      await post('site-plan.png', pngOfSize(16_000, 16_000), { folder: 'projects' }, '/pictures'),
      await post(
        'logo.svg',
        `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200_000)}</svg>`,
        { folder: 'builders' },
        '/pictures',
      ),
    ];
    expect(
      refused.map(({ status, body }) => `${status} ${(body as { message: string }).message}`),
    ).toMatchSnapshot();
  });
});
