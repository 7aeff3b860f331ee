/** docs:sheets: the column tables of sheets/README.md come from the schemas, the prose around them stays. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withColumnTables } from '../../pipeline/sheets-readme';

const readme = readFileSync(new URL('../../sheets/README.md', import.meta.url), 'utf8');

describe('sheets/README.md column tables', () => {
  it('are what the doc comments say', () => {
    expect(withColumnTables(readme)).toBe(readme);
  });

  it('write a stale table afresh and leave the text around it as it is', () => {
    const edited = readme
      .replace('| rent | Monthly rent in rupees', '| rent | Rent, typed by hand')
      .replace('## How to change a sheet', '## How to change a sheet, by hand');
    expect(edited).not.toBe(readme);
    const written = withColumnTables(edited);
    expect(written).toContain('| rent | Monthly rent in rupees');
    expect(written).toContain('## How to change a sheet, by hand');
  });

  it('say where the markers go when a sheet has none', () => {
    const withoutTeam = readme.replace(
      /<!-- columns of team\.csv[^]*?<!-- end of columns of team\.csv -->/,
      '',
    );
    expect(() => withColumnTables(withoutTeam)).toThrow(
      /sheets\/README\.md has no place for the columns of team\.csv\. Put these two lines where they belong:\n<!-- columns of team\.csv/,
    );
  });
});
