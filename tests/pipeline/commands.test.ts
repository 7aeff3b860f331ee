/** check:sheets and data: output formats, exit codes, and writing nothing on errors. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildData } from '../../pipeline/build-data';
import { checkSheets } from '../../pipeline/check-sheets';
import { sheetSet, VALID } from './fixtures';

const made: string[] = [];
async function brokenSet(name: string) {
  const dir = await sheetSet(name);
  made.push(dir);
  return dir;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('check:sheets', () => {
  it('passes valid sheets with exit code 0', async () => {
    expect(await checkSheets(['--sheets', VALID])).toEqual({
      exitCode: 0,
      output: 'All 14 sheets are valid (60 rows).',
    });
  });

  it('prints problems grouped by sheet, warnings marked', async () => {
    const dir = await brokenSet('rows');
    const { exitCode, output } = await checkSheets(['--sheets', dir]);
    expect(exitCode).toBe(1);
    expect(output).toMatchInlineSnapshot(`
      "pre-rented.csv (3 errors, 1 warning)
        error    pre-rented.csv row 3, column M: Row 3 has 12 cells but the header row has 14, so the cells from column M on are missing. Often a comma is missing, or a cell with a line break is not in quotes.
        error    pre-rented.csv row 4, column O: Row 4 has a value in column O, after the last column (N, "image"). Often a cell holds a comma but is not in quotes; put that cell in quotes or remove the extra value.
        warning  pre-rented.csv row 6: Row 6 is empty and was skipped. Delete the row if it is not needed.
        error    pre-rented.csv row 9: Row 9 repeats row 2 exactly. Delete one of the two.

      3 errors, 1 warning in 1 of 14 sheets. Fix the errors and run the check again."
    `);
  });

  it('prints JSON with validity, statistics and every problem', async () => {
    const dir = await brokenSet('references');
    const { exitCode, output } = await checkSheets(['--sheets', dir, '--format', 'json']);
    expect(exitCode).toBe(1);
    const report = JSON.parse(output);
    expect(Object.keys(report)).toEqual(['valid', 'stats', 'errors']);
    expect(report.valid).toBe(false);
    expect(report.stats).toEqual({
      rows: {
        'settings.csv': 22,
        'localities.csv': 4,
        'projects.csv': 3,
        'project-highlights.csv': 4,
        'project-amenities.csv': 4,
        'project-gallery.csv': 4,
        'pre-rented.csv': 6,
        'featured.csv': 2,
        'home-pre-rented.csv': 2,
        'testimonials.csv': 2,
        'team.csv': 2,
        'awards.csv': 1,
        'builders.csv': 2,
        'statistics.csv': 2,
      },
      errors: 6,
      warnings: 0,
    });
    expect(report.errors).toHaveLength(6);
    expect(report.errors[0]).toEqual({
      sheet: 'projects.csv',
      row: 3,
      column: 'I',
      field: 'locality',
      code: 'unknown-reference',
      severity: 'error',
      message: expect.stringContaining('"Sohna Road" is not a locality in localities.csv'),
      value: 'Sohna Road',
    });
  });

  it('prints one GitHub annotation per problem and a summary', async () => {
    const dir = await brokenSet('rows');
    const { exitCode, output } = await checkSheets(['--sheets', dir, '--format', 'github']);
    expect(exitCode).toBe(1);
    expect(output.replaceAll(dir, 'sheets')).toMatchInlineSnapshot(`
      "::error file=sheets/pre-rented.csv,line=3,title=pre-rented.csv row 3%2C column M::Row 3 has 12 cells but the header row has 14, so the cells from column M on are missing. Often a comma is missing, or a cell with a line break is not in quotes.
      ::error file=sheets/pre-rented.csv,line=4,title=pre-rented.csv row 4%2C column O::Row 4 has a value in column O, after the last column (N, "image"). Often a cell holds a comma but is not in quotes; put that cell in quotes or remove the extra value.
      ::warning file=sheets/pre-rented.csv,line=6,title=pre-rented.csv row 6::Row 6 is empty and was skipped. Delete the row if it is not needed.
      ::error file=sheets/pre-rented.csv,line=9,title=pre-rented.csv row 9::Row 9 repeats row 2 exactly. Delete one of the two.
      3 errors, 1 warning in 1 of 14 sheets. Fix the errors and run the check again."
    `);
  });

  it('escapes annotation properties and messages as GitHub requires', async () => {
    const dir = await brokenSet('keys');
    const { output } = await checkSheets(['--sheets', dir, '--format', 'github']);
    const builders = output.split('\n').find((line) => line.includes('builders.csv'));
    expect(builders?.replaceAll(dir, 'sheets')).toBe(
      '::error file=sheets/builders.csv,line=4,title=builders.csv row 4%2C column A (name)::"m3m" is already used in row 2 (as "M3M"; capital letters do not make it different). Each row needs its own name: change one of the two.',
    );
  });

  it('annotates the file from the repository root, at the line its row starts on', async () => {
    const dir = await brokenSet('rows');
    await writeFile(
      join(dir, 'testimonials.csv'),
      [
        'page,name,detail,text,rating',
        'home,Rohit Sharma,"Investor, Delhi","A clean lease.',
        'Paperwork handled end to end.',
        'We would go back to them.",5',
        'about,Neha Gupta,,No pressure to buy.,nine',
        '',
      ].join('\r\n'),
    );
    vi.stubEnv('GITHUB_WORKSPACE', dirname(dir));
    const { output } = await checkSheets(['--sheets', dir, '--format', 'github']);
    const lines = output.split('\n');
    const folder = basename(dir);
    expect(lines.find((line) => line.includes('testimonials.csv'))).toMatch(
      new RegExp(
        `^::error file=${folder}/testimonials\\.csv,line=5,title=testimonials\\.csv row 3%2C column E \\(rating\\)::`,
      ),
    );
    expect(lines[0]).toMatch(new RegExp(`^::error file=${folder}/pre-rented\\.csv,line=3,`));
  });

  it('answers a wrong command with exit code 2 and the usage', async () => {
    expect((await checkSheets(['--format', 'xml', '--sheets', VALID])).exitCode).toBe(2);
    expect((await checkSheets(['--colour'])).exitCode).toBe(2);
    const missing = await checkSheets(['--sheets', join(tmpdir(), 'no-such-sheets')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.output).toContain('There is no folder');
    expect(await checkSheets(['--help'])).toMatchObject({
      exitCode: 0,
      output: expect.stringContaining('Usage:'),
    });
  });
});

describe('data', () => {
  // The pictures are at the sizes sheets/README.md asks for: encoding them with a cold cache takes seconds.
  it('writes the site data when the sheets are valid', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'site-data-')), 'nested', 'site-data.json');
    made.push(join(out, '../..'));
    const { exitCode, output } = await buildData(['--sheets', VALID, '--out', out]);
    expect(exitCode).toBe(0);
    expect(output).toContain(`Wrote ${out}.`);
    const data = JSON.parse(await readFile(out, 'utf8'));
    expect(data.tenants).toEqual(['SBI Bank', 'NYKAA', 'SOCIAL', 'ICICI Bank', 'Haldirams']);
  }, 60_000);

  it('writes nothing, and keeps the previous file, when a sheet has an error', async () => {
    const dir = await brokenSet('cells');
    // Outside the sheets folder, where it would be reported as a file that is no sheet.
    const out = join(await mkdtemp(join(tmpdir(), 'site-data-')), 'site-data.json');
    made.push(join(out, '..'));
    await writeFile(out, '{"previous":true}');
    const before = await stat(out);
    const { exitCode, output } = await buildData(['--sheets', dir, '--out', out]);
    expect(exitCode).toBe(1);
    expect(output).toMatch(
      /15 errors in 4 of 14 sheets\. Fix the errors and run the check again\.\nNothing was written\.$/,
    );
    expect(await readFile(out, 'utf8')).toBe('{"previous":true}');
    expect((await stat(out)).mtimeMs).toBe(before.mtimeMs);
  });
});
