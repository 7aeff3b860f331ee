import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../pipeline/sheets/did-you-mean';
import { readCsv } from '../../pipeline/sheets/read-csv';
import { RepeatedLines } from '../../pipeline/sheets/repeated-lines';

/** Reads a CSV given as text (or bytes) and returns the records with their lines. */
function read(input: string | Uint8Array) {
  const records: { cells: string[]; line: string }[] = [];
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const result = readCsv('test.csv', bytes, (cells, text, start, end) =>
    records.push({ cells, line: text.slice(start, end) }),
  );
  return { ...result, records };
}

describe('reading CSV', () => {
  it('accepts the byte-order mark and Windows line endings that Excel writes', () => {
    const { records, complete, problems } = read('\ufeffname,role\r\nPriya,Manager\r\nVikram,Leasing\r\n');
    expect(problems).toEqual([]);
    expect(complete).toBe(true);
    expect(records.map((r) => r.cells)).toEqual([
      ['name', 'role'],
      ['Priya', 'Manager'],
      ['Vikram', 'Leasing'],
    ]);
    expect(records.map((r) => r.line)).toEqual(['name,role', 'Priya,Manager', 'Vikram,Leasing']);
  });

  it('reads every row of a file that mixes CRLF, LF and CR line endings', () => {
    const { records, problems } = read(
      'name,role\r\nPriya,Manager\nVikram,Leasing\rAsha,"Sales\r\nhead"\r\nRavi,Office\n',
    );
    expect(problems).toEqual([]);
    expect(records.map((r) => r.cells)).toEqual([
      ['name', 'role'],
      ['Priya', 'Manager'],
      ['Vikram', 'Leasing'],
      ['Asha', 'Sales\nhead'],
      ['Ravi', 'Office'],
    ]);
    expect(records.map((r) => r.line)).toEqual([
      'name,role',
      'Priya,Manager',
      'Vikram,Leasing',
      'Asha,"Sales\nhead"',
      'Ravi,Office',
    ]);
  });

  it('counts a cell with line breaks as one row, as a spreadsheet does', () => {
    const { records } = read('a,b\n1,"two\nlines"\n3,4');
    expect(records.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', 'two\nlines'],
      ['3', '4'],
    ]);
  });

  it('keeps blank lines as rows but not the final line break', () => {
    expect(read('a,b\n1,2\n\n3,4\n').records.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      [''],
      ['3', '4'],
    ]);
    expect(read('a,b\n1,2\n\n').records.map((r) => r.cells)).toEqual([['a', 'b'], ['1', '2'], ['']]);
    expect(read('').records).toEqual([]);
    expect(read('\ufeff').records).toEqual([]);
  });

  it('names the line of a character saved in the Windows encoding', () => {
    const bytes = Buffer.concat([
      Buffer.from('name,detail\nRohit,"Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' owner"\n'),
    ]);
    const { problems, complete } = read(bytes);
    expect(complete).toBe(false);
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "code": "encoding",
          "column": null,
          "field": null,
          "message": "This file is not saved as UTF-8: row 2 has a character ("é" in the older Windows encoding, often ₹, – or an accented letter) that the site cannot read. The file was probably saved as "CSV (Comma delimited)", which cannot hold ₹ and other signs. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.",
          "row": 2,
          "severity": "error",
          "sheet": "test.csv",
          "value": "é",
        },
      ]
    `);
  });

  it('names the spreadsheet row of a Windows-encoded character after cells with line breaks, and the line of the file', () => {
    // Rows 2 and 3 hold cells over two and three lines (a quote doubled inside one): the byte is on line 7, in row 4.
    const bytes = Buffer.concat([
      Buffer.from('name,detail\r\nA,"one\r\ntwo"\r\nB,"Tower ""A""\r\nlobby\r\nside"\r\nC,"Caf'),
      Buffer.from([0xe9]),
      Buffer.from('"\r\n'),
    ]);
    const { problems } = read(bytes);
    expect(problems.map((p) => [p.code, p.row])).toEqual([['encoding', 4]]);
    expect(problems[0]?.message).toMatch(
      /^This file is not saved as UTF-8: row 4 \(line 7 of the file\) has a character/,
    );
  });

  it('recognises a file saved as Unicode text (UTF-16)', () => {
    const { problems } = read(Buffer.from('\ufeffname,role\r\n', 'utf16le'));
    expect(problems.map((p) => [p.code, p.row])).toEqual([['encoding', null]]);
  });

  it('names the row where an unclosed quote opened, and its physical line', () => {
    const { problems, records, complete } = read('a,b\n1,"two\nlines"\n3,"never closed\n5,6\n');
    expect(complete).toBe(false);
    expect(records.map((r) => r.cells[0])).toEqual(['a', '1']);
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "code": "unclosed-quote",
          "column": null,
          "field": null,
          "message": "A quote (") opened on row 3 of the sheet (line 4 of the file) is never closed, so everything after it reads as one cell. Add the closing quote at the end of that cell, or remove the opening one.",
          "row": 3,
          "severity": "error",
          "sheet": "test.csv",
          "value": ""never closed",
        },
      ]
    `);
  });

  it('reports text after a closing quote', () => {
    const { problems } = read('a,b\n1,"Tower "A" lobby"\n');
    expect(problems.map((p) => [p.code, p.row, p.value])).toEqual([['stray-quote', 2, '"Tower "A" lobby"']]);
  });

  it('recognises columns separated by semicolons or tabs', () => {
    expect(read('name;logo\nM3M;m3m.svg\n').problems).toMatchInlineSnapshot(`
      [
        {
          "code": "delimiter",
          "column": "A",
          "field": null,
          "message": "The columns of this file are separated by semicolons, not commas. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.",
          "row": 1,
          "severity": "error",
          "sheet": "test.csv",
          "value": "name;logo",
        },
      ]
    `);
    expect(read('name\tlogo\nM3M\tm3m.svg\n').problems.map((p) => p.code)).toEqual(['delimiter']);
  });
});

describe('did you mean', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('rent_per_sqtf', 'rent_per_sqft')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the closest candidate when near enough, ignoring case', () => {
    expect(closest('Comercial', ['Commercial', 'Residential'])).toBe('Commercial');
    expect(closest('nykaa', ['SBI Bank', 'NYKAA'])).toBe('NYKAA');
    expect(closest('phon', ['phone', 'email'])).toBe('phone');
    expect(closest('Sohna Road', ['Golf Course Road', 'MG Road'])).toBeNull();
    expect(closest('', ['a'])).toBeNull();
    expect(didYouMean('joyDistrct', ['joyDistrict', 'smartworld'])).toBe(' Did you mean "joyDistrict"?');
    expect(didYouMean('xyz', ['joyDistrict'])).toBe('');
  });
});

describe('repeated lines', () => {
  it('finds the earlier row with the same text, also when hashes collide', () => {
    const text = 'a,b\nx,y\na,b\nxy\n';
    const lines = new RepeatedLines();
    expect(lines.repeatOf(text, 0, 3, 2)).toBe(0);
    expect(lines.repeatOf(text, 4, 7, 3)).toBe(0);
    expect(lines.repeatOf(text, 8, 11, 4)).toBe(2);
    expect(lines.repeatOf(text, 12, 14, 5)).toBe(0);
    expect(lines.repeatOf(text, 12, 14, 6)).toBe(5);
  });
});
