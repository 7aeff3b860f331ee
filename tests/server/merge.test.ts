/**
 * The three-way merge of a sheet by row and cell (server/publish/merge.ts):
 * two people's changes to different cells of one row are both kept, a cell
 * both changed differently is a conflict until chosen, a row one removed and
 * the other changed too, and a new spelling of the same value (Excel's
 * 208439 for ₹2,08,439) is no change at all.
 */
import { describe, expect, it } from 'vitest';
import { mergeRecords } from '../../server/publish/merge';

const HEADER = ['tenant', 'building', 'rent', 'lease_years'];
const BASE = [
  HEADER,
  ['SBI Bank', 'Vatika', '₹2,08,439', '9'],
  ['SBI Bank', 'Paras', '₹3,12,000', '15'],
  ['NYKAA', 'Global Foyer', '8,28,009', '9'],
];
const edit = (rows: string[][], row: number, column: number, value: string) =>
  rows.map((cells, i) => (i === row ? cells.map((cell, c) => (c === column ? value : cell)) : [...cells]));

describe('merging a sheet by row and cell', () => {
  it('keeps both people’s changes to different cells of one row, and to other rows', () => {
    const yours = edit(BASE, 1, 2, '₹2,15,000');
    const theirs = edit(edit(BASE, 1, 3, '10'), 3, 2, '8,30,000');
    const merged = mergeRecords('pre-rented.csv', BASE, yours, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.records).toEqual([
      HEADER,
      ['SBI Bank', 'Vatika', '₹2,15,000', '10'],
      ['SBI Bank', 'Paras', '₹3,12,000', '15'],
      ['NYKAA', 'Global Foyer', '8,30,000', '9'],
    ]);
  });

  it('takes a new spelling of the same value as no change', () => {
    const yours = edit(BASE, 1, 2, '208439');
    const theirs = edit(BASE, 1, 2, '₹2,20,000');
    expect(mergeRecords('pre-rented.csv', BASE, yours, theirs).records[1]).toEqual([
      'SBI Bank',
      'Vatika',
      '₹2,20,000',
      '9',
    ]);
  });

  it('reports a cell both changed differently, takes yours until chosen, and follows the choice', () => {
    const yours = edit(BASE, 3, 2, '8,50,000');
    const theirs = edit(BASE, 3, 2, '8,40,000');
    const open = mergeRecords('pre-rented.csv', BASE, yours, theirs);
    expect(open.open).toEqual([
      {
        sheet: 'pre-rented.csv',
        key: 'NYKAA\u001fGlobal Foyer\u001f0',
        label: 'NYKAA · Global Foyer',
        column: 'rent',
        row: 4,
        letter: 'C',
        base: '8,28,009',
        yours: '8,50,000',
        theirs: '8,40,000',
      },
    ]);
    expect(open.records[3]?.[2]).toBe('8,50,000');
    const chosen = mergeRecords('pre-rented.csv', BASE, yours, theirs, [
      { sheet: 'pre-rented.csv', key: 'NYKAA\u001fGlobal Foyer\u001f0', column: 'rent', take: 'theirs' },
    ]);
    expect([chosen.open, chosen.conflicts.length, chosen.records[3]?.[2]]).toEqual([[], 1, '8,40,000']);
  });

  it('reports a row one removed and the other changed; keeps rows each added, yours after the row it followed', () => {
    const yours = [...edit(BASE, 2, 2, '₹3,20,000'), ['ICICI Bank', 'Arcadia', '95,340', '9']];
    const theirs = [BASE[0], BASE[1], BASE[3], ['HDFC Bank', 'Cyber Hub', '1,10,000', '9']] as string[][];
    const merged = mergeRecords('pre-rented.csv', BASE, yours, theirs);
    expect(merged.open.map((conflict) => [conflict.label, conflict.column, conflict.theirs])).toEqual([
      ['SBI Bank · Paras', null, null],
    ]);
    expect(merged.records.map((row) => row[0])).toEqual([
      'tenant',
      'SBI Bank',
      'SBI Bank',
      'NYKAA',
      'ICICI Bank',
      'HDFC Bank',
    ]);
  });

  it('keeps runs of rows you added in place: at the top, and after the row each followed, as the live sheet orders them', () => {
    const added = (tenant: string) => [tenant, 'New', '1,00,000', '9'];
    const [header = HEADER, vatika = [], paras = [], nykaa = []] = BASE;
    const yours = [header, added('A1'), added('A2'), vatika, paras, added('B1'), added('B2'), nykaa];
    // A colleague moved NYKAA to the top.
    const theirs = [header, nykaa, vatika, paras];
    const merged = mergeRecords('pre-rented.csv', BASE, yours, theirs);
    expect(merged.open).toEqual([]);
    expect(merged.records.map((row) => row[0])).toEqual([
      'tenant',
      'A1',
      'A2',
      'NYKAA',
      'SBI Bank',
      'SBI Bank',
      'B1',
      'B2',
    ]);
  });

  it('tells a project’s highlights apart by their place among the project’s rows', () => {
    const header = ['project', 'text', 'image'];
    const base = [header, ['dom', 'Corner plot', ''], ['dom', 'Shops on two floors', '']];
    const yours = edit(base, 2, 1, 'Shops on the ground and first floors');
    const theirs = edit(base, 1, 1, 'Corner plot on two roads');
    expect(mergeRecords('project-highlights.csv', base, yours, theirs).records).toEqual([
      header,
      ['dom', 'Corner plot on two roads', ''],
      ['dom', 'Shops on the ground and first floors', ''],
    ]);
  });
});
