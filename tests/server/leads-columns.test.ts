/**
 * The sheet columns `npm run leads` and the console's exports share (issue 33, point 12): every
 * cell OWASP's CSV-injection list names is made inert, and a phone reads in Excel as dialled,
 * never as a formula or a number.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../server/leads/columns';
import { csvLines, sheetPhone } from '../../server/leads/columns';

const ONE: Column<string>[] = [['Cell', (cell) => cell]];
const written = (cell: string) =>
  Papa.parse<string[]>(csvLines(ONE, [cell], false), { skipEmptyLines: true }).data[0]?.[0];

describe('the CSV formula guard', () => {
  it.each([
    ['=1+1', 'equals'],
    ['+1+1', 'plus'],
    ['-1+1', 'minus'],
    ['@SUM(A1)', 'at'],
    ['\t=1+1', 'a tab'],
    ['\r=1+1', 'a carriage return'],
    ['\n=1+1', 'a line feed'],
    [' =1+1', 'a space'],
    ['   +cmd|" /C calc"!A0', 'spaces'],
    ['\u00A0=1+1', 'a no-break space'],
    ['\u3000=1+1', 'an ideographic space'],
    ['\u200B=1+1', 'a zero-width space'],
    ['\uFF1D1+1', 'a fullwidth equals'],
    ['\uFF0B1+1', 'a fullwidth plus'],
    ['\uFF0D1+1', 'a fullwidth minus'],
    ['\uFF20SUM(A1)', 'a fullwidth at'],
  ])('makes %j inert (%s)', (cell) => {
    expect(written(cell)).toBe(`'${cell}`);
  });

  it('takes out a direction override first, so that it cannot hide an equals sign', () => {
    expect(written('\u202E=1+1')).toBe("'=1+1");
  });

  it.each(['Priya Kapoor', '3 BHK, budget 2.5 Cr', 'a=b', 'x-1'])('leaves %j as it is', (cell) => {
    expect(written(cell)).toBe(cell);
  });
});

describe('a phone in a sheet', () => {
  it.each([
    ['+91 98110 22334', '98110 22334'],
    ['9811022334', '98110 22334'],
    ['+919811022334', '98110 22334'],
    ['098110-22334', '098110 22334'],
    ['011 4567 8901', '011 4567 8901'],
    ['+91 11 4567 8901', '011 4567 8901'],
    ['+91 1145678901', '011 45678901'],
    ['0124 456 7890', '0124 456 7890'],
    ['01244567890', '0124 4567890'],
    ['+44 20 7946 0958', '0044 20 7946 0958'],
    ['+442079460958', '00 442079460958'],
  ])('writes %j as %j: starting with a digit and holding a space, text to Excel', (typed, sheet) => {
    expect(sheetPhone(typed)).toBe(sheet);
    expect(written(sheetPhone(typed))).toBe(sheet);
  });

  it('keeps a number the rule cannot read as typed, under the guard', () => {
    expect(written(sheetPhone('+1+cmd|" /C calc"!A0'))).toBe(`'+1+cmd|" /C calc"!A0`);
  });
});
