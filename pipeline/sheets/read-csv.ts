/**
 * Reads the bytes of a CSV file record by record, as a spreadsheet program
 * would: record n is spreadsheet row n (a cell with line breaks inside quotes
 * stays one row), whatever mix of line endings the file has: Excel writes CRLF,
 * a row added in a text editor may end in LF, an old Mac export in CR. Problems
 * that make the rest of the file unreadable (wrong
 * encoding, a quote never closed) stop the reading, with the physical line of
 * the file to look at.
 *
 * Records are handed over one at a time and not kept: a 100,000-row sheet is
 * 1.4 million cell strings, and keeping them all alive costs more garbage
 * collection than everything else the pipeline does with them.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { problemAt, type Problem } from './problem';

/**
 * Receives one record. The record's line in the file, without its line break,
 * is `text[start, end)`: two rows with the same line are exact repeats.
 */
export type RecordHandler = (cells: string[], text: string, start: number, end: number) => void;

export interface CsvRead {
  /** False when reading stopped at a problem: the records handed over may be incomplete. */
  readonly complete: boolean;
  /** Records handed over, the header included. */
  readonly records: number;
  readonly problems: Problem[];
}

/** What happened when a sheet is not UTF-8, and how to save it so it is. */
const SAVED_AS_ANSI = 'The file was probably saved as "CSV (Comma delimited)", which cannot hold ₹ and other signs.';

const SAVE_AS_UTF8 =
  'In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** Byte offset of the first byte that is not part of a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i] ?? 0;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (length === 0) return i;
    try {
      utf8.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return 0;
}

/**
 * The file's line and the spreadsheet's row at a byte: a line break inside a
 * quoted cell starts a new line of the file but not a new row. Line breaks are
 * LF, CRLF or a lone CR; a quote inside a quoted cell is doubled, which toggles
 * twice and so changes nothing.
 */
function placeOfByte(bytes: Uint8Array, offset: number): { line: number; row: number } {
  let line = 1;
  let row = 1;
  let quoted = false;
  for (let i = 0; i < offset; i++) {
    const byte = bytes[i];
    if (byte === 0x22) quoted = !quoted;
    else if (byte === 0x0a || (byte === 0x0d && bytes[i + 1] !== 0x0a)) {
      line++;
      if (!quoted) row++;
    }
  }
  return { line, row };
}

/** "row 7 (line 13 of the file)", or "row 7" when no cell before it holds a line break. */
const rowAndLine = ({ line, row }: { line: number; row: number }) =>
  line === row ? `row ${row}` : `row ${row} (line ${line} of the file)`;

function decode(sheet: string, bytes: Uint8Array): { text: string } | { problem: Problem } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      problem: problemAt(
        { sheet, row: null },
        'encoding',
        `This file is saved as "Unicode text" (UTF-16), which the site cannot read. ${SAVE_AS_UTF8}`,
      ),
    };
  }
  if (isUtf8(bytes)) {
    // isUtf8 + toString are Node's native fast paths; TextDecoder is several times slower on big sheets.
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  }
  const offset = firstInvalidUtf8(bytes);
  const place = placeOfByte(bytes, offset);
  const character = windows1252.decode(bytes.subarray(offset, offset + 1));
  return {
    problem: problemAt(
      { sheet, row: place.row, value: character },
      'encoding',
      `This file is not saved as UTF-8: ${rowAndLine(place)} has a character ("${character}" in the older Windows encoding, often ₹, – or an accented letter) that the site cannot read. ${SAVED_AS_ANSI} ${SAVE_AS_UTF8}`,
    ),
  };
}

/** A line ending other than CRLF: a lone CR, or an LF without its CR. */
const NOT_CRLF = /\r(?!\n)|(?<!\r)\n/;

/**
 * The text with one kind of line ending, and which. Papa Parse takes the first
 * line ending it sees for the whole file, so one LF row in a CRLF file would be
 * read together with the next. Excel's CRLF alone is kept as it is (the big
 * sheets, left untouched); any mix becomes LF. Inside quoted cells CRLF then
 * becomes LF, which is how the converters read line breaks anyway.
 */
function withOneLineEnding(text: string): { text: string; linebreak: '\r\n' | '\n' } {
  if (!text.includes('\r')) return { text, linebreak: '\n' };
  if (!NOT_CRLF.test(text)) return { text, linebreak: '\r\n' };
  return { text: text.replace(/\r\n?/g, '\n'), linebreak: '\n' };
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

function quoteProblem(sheet: string, text: string, linebreak: string, error: Papa.ParseError, row: number): Problem {
  const index = error.index ?? 0;
  const line = lineAt(text, index);
  // Cells with line breaks make the file's lines and the sheet's rows differ; a text editor shows lines.
  const where = line === row ? `row ${row}` : `row ${row} of the sheet (line ${line} of the file)`;
  // Papa Parse points just after the opening quote; show the cell from there, as far as its line goes.
  const opened = Math.max(0, text.lastIndexOf('"', index));
  const lineEnd = text.indexOf(linebreak, opened);
  const cell = text.slice(opened, lineEnd === -1 ? undefined : lineEnd).slice(0, 40);
  const place = { sheet, row, value: cell };
  return error.code === 'MissingQuotes'
    ? problemAt(
        place,
        'unclosed-quote',
        `A quote (") opened on ${where} is never closed, so everything after it reads as one cell. Add the closing quote at the end of that cell, or remove the opening one.`,
      )
    : problemAt(
        place,
        'stray-quote',
        `On ${where} a cell starts with a quote (") but does not end with its closing quote. Close the quote at the end of the cell; if the quote is part of the text, put the whole cell in quotes and write each quote inside it twice, like "Tower ""A"" lobby".`,
      );
}

function delimiterProblem(sheet: string, header: string): Problem {
  return problemAt(
    { sheet, row: 1, column: 0, value: header },
    'delimiter',
    `The columns of this file are separated by ${header.includes(';') ? 'semicolons' : 'tabs'}, not commas. ${SAVE_AS_UTF8}`,
  );
}

const isQuoteError = (error: Papa.ParseError) => error.type === 'Quotes';

export function readCsv(sheet: string, bytes: Uint8Array, onRecord: RecordHandler): CsvRead {
  const decoded = decode(sheet, bytes);
  if ('problem' in decoded) return { complete: false, records: 0, problems: [decoded.problem] };
  const { text, linebreak } = withOneLineEnding(decoded.text);
  const problems: Problem[] = [];
  let records = 0;
  let start = 0;
  // The latest record is held back one step: a final line break ends the last row, it does not
  // start a blank one. Three variables rather than an object: one object fewer per row.
  let pending: string[] | null = null;
  let pendingStart = 0;
  let pendingEnd = 0;
  const flush = () => {
    if (pending === null) return;
    records++;
    onRecord(pending, text, pendingStart, pendingEnd);
    pending = null;
  };

  Papa.parse<string[]>(text, {
    header: false,
    delimiter: ',',
    newline: linebreak,
    skipEmptyLines: false,
    step: (result, parser) => {
      const quoteError = result.errors.length === 0 ? undefined : result.errors.find(isQuoteError);
      if (quoteError !== undefined) {
        // The rows before the broken one are sound and still get checked.
        flush();
        problems.push(quoteProblem(sheet, text, linebreak, quoteError, records + 1));
        parser.abort();
        return;
      }
      const cells = result.data;
      if (records === 0 && pending === null && cells.length === 1 && /[;\t]/.test(cells[0] ?? '')) {
        problems.push(delimiterProblem(sheet, cells[0] ?? ''));
        parser.abort();
        return;
      }
      const cursor = result.meta.cursor;
      flush();
      pending = cells;
      pendingStart = start;
      pendingEnd = cursor > start && text.endsWith(linebreak, cursor) ? cursor - linebreak.length : cursor;
      start = cursor;
    },
  });
  const isTerminator = pending !== null && pendingStart === pendingEnd && (records > 0 || text === '');
  if (!isTerminator && problems.length === 0) flush();
  return { complete: problems.length === 0, records, problems };
}

/**
 * The line of the file on which each spreadsheet row starts (index 0 is row
 * 1), read as `readCsv` reads: past a cell with line breaks the two differ,
 * and a pull request's annotation belongs on the file's line. Rows after a
 * problem that stopped the reading are missing.
 */
export function rowLines(bytes: Uint8Array): number[] {
  const lines: number[] = [];
  let line = 1;
  let counted = 0;
  readCsv('', bytes, (_cells, text, start) => {
    for (let at = text.indexOf('\n', counted); at !== -1 && at < start; at = text.indexOf('\n', at + 1)) line++;
    counted = start;
    lines.push(line);
  });
  return lines;
}
