/**
 * A CSV file as Excel or Google Sheets writes it, in any of their encodings
 * and separators, read into cells. The sheets themselves are kept as
 * comma-separated UTF-8; this is where an upload becomes that.
 */
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { Problem } from '../../pipeline/sheets/problem';
import { csvRecords } from './csv-file';
import { refuse } from './refusals';

/** How the file was written, as the console reports it. */
export type CsvEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'UTF-16' | 'Windows-1252';

export type DecodedCsv =
  | { records: string[][]; problems: Problem[]; encoding: CsvEncoding; delimiter: string }
  | { refusal: { code: string; message: string } };

function decodeText(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 with BOM' };
  }
  // Excel's "Unicode Text" (tab-separated); TextDecoder drops the byte-order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'UTF-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'UTF-16' };
  if (isUtf8(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8' };
  // Excel's plain "CSV (Comma delimited)" on Windows: every byte is a character, so it always decodes.
  // Not TextDecoder: Node's reads bytes 0x80–0x9F (€, – and —, curly quotes) as Latin-1 control characters.
  return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'Windows-1252' };
}

/** Separators spreadsheet programs write: semicolons where the comma is the decimal sign, tabs for "Text". */
const DELIMITERS = [',', ';', '\t'];

function sniffDelimiter(text: string): string {
  const firstLines = text.split('\n', 20).join('\n');
  const guessed = Papa.parse<string[]>(firstLines, { delimitersToGuess: DELIMITERS }).meta.delimiter;
  return DELIMITERS.includes(guessed) ? guessed : ',';
}

export function decodeCsv(name: string, sheet: string, bytes: Uint8Array): DecodedCsv {
  const { text, encoding } = decodeText(bytes);
  // Text files hold no NUL character; pictures, PDFs and archives do within their first bytes.
  if (text.slice(0, 4096).includes('\0')) return { refusal: refuse.notSpreadsheet(name) };
  const delimiter = sniffDelimiter(text);
  if (delimiter === ',') {
    // Read as the pipeline reads a sheet, so a broken quote gets the words of `npm run check:sheets`.
    return { ...csvRecords(sheet, new TextEncoder().encode(text)), encoding, delimiter };
  }
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), {
    delimiter,
    newline: '\n',
    skipEmptyLines: false,
  });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken !== undefined) return { refusal: refuse.unreadableCsv((broken.row ?? 0) + 1) };
  const records = parsed.data;
  const last = records.at(-1);
  // A final line break ends the last row; it does not start a blank one.
  if (last !== undefined && last.length === 1 && last[0] === '') records.pop();
  return { records, problems: [], encoding, delimiter };
}
