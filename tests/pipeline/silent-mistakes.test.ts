/**
 * Mistakes that once passed the check without a word and reached the pages:
 * each is now reported at its sheet, row and column, in words that say what
 * was probably meant. The messages are snapshots, as people read them.
 */
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { probableSheet } from '../../pipeline/sheets/read-sheets';
import { possessionEnd } from '../../pipeline/sheets/row-rules';
import { allPages } from '../../src/routes/table';
import { at, loadBroken, messages, sheetSet } from './fixtures';

/** The day the possession dates are compared with, fixed so the messages stay the same. */
const TODAY = new Date('2026-11-25T06:00:00Z');

/** Loads a set of tests/fixtures/broken (or `overlay`, a folder of tests/fixtures) on a fixed day. */
async function load(name: string | null, overlay?: string) {
  const dir = await sheetSet(name, undefined, overlay);
  try {
    return await loadSite({ sheetsDir: dir, today: TODAY });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('files in the sheets folder', () => {
  it('names each file that is no sheet, with the sheet it probably is; one named like a sheet is an error', async () => {
    const { site, problems } = await loadBroken('unknown-files');
    expect(site).toBeNull();
    expect(problems.map(at)).toEqual([
      'notes.txt - - - unknown-file (warning)',
      'team (1).xlsx - - - unknown-file',
      'Website content - pre-rented.csv - - - unknown-file',
    ]);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "notes.txt -: "notes.txt" is not one of the sheets, so the site does not read it. If it holds content for the site, copy its rows into the sheet they belong to (sheets/README.md lists them); otherwise move it out of the sheets folder.",
        "team (1).xlsx -: "team (1).xlsx" is not a sheet the site reads, though it looks like team.csv: the site still shows the rows of team.csv. If this file holds your changes, save it as team.csv (CSV UTF-8), replacing the old one, and delete this file; if not, delete it or move it out of the sheets folder.",
        "Website content - pre-rented.csv -: "Website content - pre-rented.csv" is not a sheet the site reads, though it looks like pre-rented.csv: the site still shows the rows of pre-rented.csv. If this file holds your changes, save it as pre-rented.csv (CSV UTF-8), replacing the old one, and delete this file; if not, delete it or move it out of the sheets folder.",
      ]
    `);
  });

  it('names the file beside a missing sheet that probably is it', async () => {
    const { problems } = await loadBroken('unknown-files', (dir) =>
      rename(join(dir, 'team.csv'), join(dir, 'OUR TEAM.csv')),
    );
    // OUR TEAM.csv and team (1).xlsx are named in the missing sheet's message, not reported again.
    expect(problems.map(at)).toEqual([
      'team.csv - - - missing-sheet',
      'notes.txt - - - unknown-file (warning)',
      'Website content - pre-rented.csv - - - unknown-file',
    ]);
    expect(messages(problems).slice(0, 1)).toMatchInlineSnapshot(`
      [
        "team.csv -: The sheet team.csv is missing from the sheets folder. "OUR TEAM.csv" and "team (1).xlsx" in the same folder look like it: if one holds this sheet, save it as team.csv (CSV UTF-8).",
      ]
    `);
  });

  it('takes the longest sheet name a file name holds, or one two letters off', () => {
    expect(probableSheet('Website content - pre-rented.csv')).toBe('pre-rented.csv');
    expect(probableSheet('Home Pre-Rented (2).csv')).toBe('home-pre-rented.csv');
    expect(probableSheet('pre-rentd.csv')).toBe('pre-rented.csv');
    expect(probableSheet('budget.csv')).toBeNull();
  });
});

describe('keys one or two letters apart', () => {
  it('warns at the later row, naming both, and leaves keys apart only by digits alone', async () => {
    const { site, problems } = await loadBroken('near-duplicates');
    expect(problems.map(at)).toEqual([
      'localities.csv 6 A route near-duplicate (warning)',
      'localities.csv 6 C name near-duplicate (warning)',
      'pre-rented.csv 3 A tenant near-duplicate (warning)',
    ]);
    expect(site).not.toBeNull();
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "localities.csv 6A: "golfCourseRoads" (row 6) is one or two letters from "golfCourseRoad" (row 2). If they are the same locality, write it the same way in both rows: each spelling gets a page of its own. If they are different, leave them.",
        "localities.csv 6C: "Golf Course Raod" (row 6) is one or two letters from "Golf Course Road" (row 2). If they are the same locality, write it the same way in both rows: each spelling gets a page of its own. If they are different, leave them.",
        "pre-rented.csv 3A: "SBI Bnak" (row 3) is one or two letters from "SBI Bank" (row 2). If they are the same tenant, write it the same way in both rows: each spelling gets a page of its own. If they are different, leave them.",
      ]
    `);
  });

  it("is left out of a publish's build, which needs only the errors", async () => {
    const dir = await sheetSet('near-duplicates');
    try {
      const { site, problems } = await loadSite({ sheetsDir: dir, errorsOnly: true });
      expect(site).not.toBeNull();
      expect(problems.filter((problem) => problem.code === 'near-duplicate')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves out keys longer than any name, which an upload may hold by the thousand letters', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'long-keys-'));
    try {
      await cp(join(import.meta.dirname, '../../sheets'), dir, {
        recursive: true,
        filter: (source) => !source.includes('/images'),
      });
      // Letters that vary: each deletion spells something new, as in a real long text.
      const long = Array.from({ length: 5_000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
      const row = (tenant: string) =>
        `${tenant},Vegas Mall,Dwarka Delhi,Bank,1600,,10,3,176000,,6,5% every year,,pre-rented/sbi-bank-4.jpg,no`;
      const sheet = join(dir, 'pre-rented.csv');
      await writeFile(
        sheet,
        `${(await readFile(sheet, 'utf8')).trimEnd()}\n${row(long)}\n${row(`${long}B`)}\n`,
      );
      const { problems } = await loadSite({
        sheetsDir: dir,
        imagesDir: join(import.meta.dirname, '../../sheets/images'),
        today: TODAY,
      });
      expect(problems.filter((problem) => problem.code === 'near-duplicate')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('amounts a property cannot cost, rent for or earn', () => {
  it('refuses the impossible and warns of the unusual, saying which number looks wrong and what was meant', async () => {
    const { site, problems } = await loadBroken('amounts');
    expect(site).toBeNull();
    expect(problems.map(at)).toEqual([
      'pre-rented.csv 2 I rent gross-yield',
      'pre-rented.csv 3 I rent amount',
      'pre-rented.csv 4 M asking_price gross-yield',
      'pre-rented.csv 5 I rent amount (warning)',
      'pre-rented.csv 6 M asking_price amount (warning)',
      'pre-rented.csv 6 M asking_price gross-yield',
      'pre-rented.csv 7 I rent amount (warning)',
      'featured.csv 2 B price amount',
      'featured.csv 3 B price amount',
    ]);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "pre-rented.csv 2I: The gross yield comes to 76.96 % (12 × monthly rent ₹20.84 L ÷ asking price ₹3.25 Cr), outside the gross yield of a leased property (usually 1 % to 15 %; over 30 % cannot be right). The rent looks 10 times too big: ₹2.08 L a month (₹46.32 per sq ft) would give 7.7 %. Correct the rent or the asking price.",
        "pre-rented.csv 3I: "1.44" reads as ₹1, too little for the monthly rent of a property (at least ₹1,000). Probably ₹1.44 L was meant: write 1.44 Lakh.",
        "pre-rented.csv 4M: The gross yield comes to 73.6 % (12 × monthly rent ₹8.28 L ÷ asking price ₹1.35 Cr), outside the gross yield of a leased property (usually 1 % to 15 %; over 30 % cannot be right). The asking price looks 10 times too small: ₹13.5 Cr would give 7.36 %. Correct the rent or the asking price.",
        "pre-rented.csv 5I: ₹1.56 Cr is unusually high for the monthly rent of a property (usually ₹10,000 to ₹1 Cr). If it is right, leave it. Check that it is the rent of one month, not of a year, nor the price.",
        "pre-rented.csv 6M: ₹5 L is unusually low for the price of a property (usually ₹10 L to ₹500 Cr). If it is right, leave it. If ₹5 Cr was meant, correct it.",
        "pre-rented.csv 6M: The gross yield comes to 228.82 % (12 × monthly rent ₹95,340 ÷ asking price ₹5 L), outside the gross yield of a leased property (usually 1 % to 15 %; over 30 % cannot be right). The asking price looks 100 times too small: ₹5 Cr would give 2.29 %. Correct the rent or the asking price.",
        "pre-rented.csv 7I: ₹8,000 is unusually low for the monthly rent of a property (usually ₹10,000 to ₹1 Cr). If it is right, leave it. Check for missing zeros.",
        "featured.csv 2B: "6.33" reads as ₹6, too little for the price of a property (at least ₹1 L). Probably ₹6.33 Cr was meant: write 6.33 Cr.",
        "featured.csv 3B: "6,33,00,00,00,000" reads as ₹63,300 Cr, more than the price of a property can be (at most ₹10,000 Cr). Check the zeros: ₹63.3 Cr perhaps?",
      ]
    `);
  });
});

describe('projects advertised before they may be', () => {
  it('warns of a price without RERA number and of a possession date past while under construction', async () => {
    const { site, problems } = await load('projects-advertised');
    expect(site).not.toBeNull();
    expect(problems.map(at)).toEqual([
      'projects.csv 2 L possession possession-past (warning)',
      'projects.csv 3 J rera rera-missing (warning)',
    ]);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "projects.csv 2L: Possession "December 2025" is already past (today is 25 November 2026), but the status says "Under Construction". Write the new possession date, or change the status to "Ready to Move".",
        "projects.csv 3J: This project is advertised with a price (₹3.5 Cr onwards in price_from, and ₹3.5 Cr on its card in row 3 of featured.csv) but has no RERA registration number. HARERA's rules forbid advertising a project for sale before it is registered: write its registration number here, or take the price off until it has one.",
      ]
    `);
  });

  it('refuses a featured card whose price is not its project’s price_from, at the card’s price', async () => {
    const { site, problems } = await loadBroken('projects-advertised', async (dir) => {
      const file = join(dir, 'featured.csv');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('smartworld,3.5 Cr', 'smartworld,3.75 Cr'),
      );
    });
    expect(site).toBeNull();
    expect(problems.map(at)).toContain('featured.csv 3 B price price-mismatch');
    expect(messages(problems.filter((p) => p.code === 'price-mismatch'))).toMatchInlineSnapshot(`
      [
        "featured.csv 3B: This card's price is ₹3.75 Cr, but the project's price_from in projects.csv row 3 is ₹3.5 Cr, which its own page shows. A project has one price: write ₹3.5 Cr here, or change price_from too.",
      ]
    `);
  });

  it('reads the period a possession cell names to its last day', () => {
    expect(possessionEnd('December 2025')?.toISOString()).toBe('2025-12-31T23:59:59.000Z');
    expect(possessionEnd('Q3 2026')?.toISOString()).toBe('2026-09-30T23:59:59.000Z');
    expect(possessionEnd('2027 (expected)')?.toISOString()).toBe('2027-12-31T23:59:59.000Z');
    expect(possessionEnd('Ready')).toBeNull();
  });
});

describe('pictures smaller than they show', () => {
  it('warns once per picture and column, with the size found', async () => {
    const { site, problems } = await loadBroken('small-pictures');
    expect(site).not.toBeNull();
    expect(problems.map(at)).toEqual([
      'projects.csv 2 M hero_image image-small (warning)',
      'pre-rented.csv 2 N image image-small (warning)',
      'team.csv 2 C photo image-small (warning)',
    ]);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "projects.csv 2M: The picture "projects/joy-district-hero.jpg" is 640 × 400 pixels; heroes and galleries need at least 1600 pixels wide (sheets/README.md), or they show blurred. Save a larger picture under the same name.",
        "pre-rented.csv 2N: The picture "pre-rented/sbi-bank.jpg" is 800 × 500 pixels; cards need at least 1200 pixels wide (sheets/README.md), or they show blurred (1 more row names it here). Save a larger picture under the same name.",
        "team.csv 2C: The picture "team/priya-kapoor.jpg" is 600 × 800 pixels; portraits need at least 800 × 800 pixels (sheets/README.md), or they show blurred. Save a larger picture under the same name.",
      ]
    `);
  });
});

describe('row numbers', () => {
  it('are the spreadsheet rows in encoding messages, after cells with line breaks', async () => {
    const { problems } = await loadBroken('encoding-after-line-breaks');
    expect(problems.map(at)).toEqual(['projects.csv 4 - - encoding']);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "projects.csv 4: This file is not saved as UTF-8: row 4 (line 6 of the file) has a character ("é" in the older Windows encoding, often ₹, – or an accented letter) that the site cannot read. The file was probably saved as "CSV (Comma delimited)", which cannot hold ₹ and other signs. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.",
      ]
    `);
  });
});

describe('the hidden column', () => {
  it('leaves hidden projects, records and localities out of the data and every page, keeping the rest', async () => {
    const { site, problems } = await load(null, 'hidden');
    if (site === null) throw new Error('the hidden set did not load');
    expect(problems.map(at)).toEqual([
      'featured.csv 3 A project unknown-reference (warning)',
      'home-pre-rented.csv 3 A tenant unknown-reference (warning)',
    ]);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "featured.csv 3A: The project "smartworld" is hidden in projects.csv, so this card is left out of the home page. Delete the card, or show the project again.",
        "home-pre-rented.csv 3A: Every record of "NYKAA" in pre-rented.csv is hidden, so this card is left out of the home page. Delete the card, or show a record again.",
      ]
    `);
    expect(site.projects.map((p) => p.slug)).toEqual(['joyDistrict', 'sector66Retail']);
    expect(site.featured.map((card) => card.project)).toEqual(['joyDistrict']);
    expect(site.preRented.map((r) => r.row)).toEqual([2, 3, 5, 7]);
    expect(site.tenants).toEqual(['SBI Bank', 'SOCIAL', 'Haldirams']);
    expect(site.homePreRented.map((card) => card.tenant)).toEqual(['SBI Bank']);
    expect(site.localities.map((l) => [l.route, l.count])).toEqual([
      ['golfCourseRoad', 1],
      ['golfCourseExtention', 1],
      ['dwarkaExpressWay', 1],
    ]);
    // A record in a hidden locality keeps the locality's name but links to no page.
    expect(site.preRented.find((r) => r.row === 3)).toMatchObject({
      localityName: 'Dwarka Delhi',
      localityRoute: null,
    });
    expect(JSON.stringify(site)).not.toContain('"hidden"');
    const paths = allPages(site).map((page) => decodeURIComponent(page.path));
    for (const gone of ['smartworld', 'edition', 'NYKAA', 'ICICI Bank', 'dwarkaDelhi']) {
      expect(paths.filter((path) => path.split('/').includes(gone))).toEqual([]);
    }
    expect(paths).toContain('/feature/joyDistrict');
    expect(paths).toContain('/preRentedList/SBI Bank');
  });
});
