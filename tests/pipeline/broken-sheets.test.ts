/**
 * The corpus of broken sheets (tests/fixtures/broken/{case}: sheets laid over a
 * copy of the valid set). Each test asserts every problem reported, exactly:
 * sheet, row, column, field and kind; the messages are snapshots.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { at, loadBroken, messages } from './fixtures';

async function expectProblems(name: string, expected: string[], change?: (dir: string) => Promise<void>) {
  const { site, problems } = await loadBroken(name, change);
  expect(problems.map(at)).toEqual(expected);
  expect(site).toBeNull();
  return messages(problems);
}

describe('broken sheets', () => {
  it('reads a file saved in the Windows encoding as an error on its line', async () => {
    expect(await expectProblems('encoding-windows-1252', ['testimonials.csv 2 - - encoding']))
      .toMatchInlineSnapshot(`
        [
          "testimonials.csv 2: This file is not saved as UTF-8: row 2 has a character ("é" in the older Windows encoding, often ₹, – or an accented letter) that the site cannot read. The file was probably saved as "CSV (Comma delimited)", which cannot hold ₹ and other signs. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.",
        ]
      `);
  });

  it('names the lost ₹ signs of a sheet saved as "CSV (Comma delimited)" once, not at every amount', async () => {
    expect(
      await expectProblems('rupee-as-question-mark', [
        'pre-rented.csv - - - encoding',
        'home-pre-rented.csv - - - encoding',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "pre-rented.csv -: 2 amounts start with "?" where a ₹ stood (the first in row 2, column I, rent): the sheet was saved as "CSV (Comma delimited)", which turns every ₹ into "?". Save it again from the original workbook as "CSV UTF-8 (Comma delimited) (*.csv)" (in Excel: File › Save As); if you only have this file, replace each "?" before an amount with ₹.",
        "home-pre-rented.csv -: 2 amounts start with "?" where a ₹ stood (the first in row 2, column B, rent): the sheet was saved as "CSV (Comma delimited)", which turns every ₹ into "?". Save it again from the original workbook as "CSV UTF-8 (Comma delimited) (*.csv)" (in Excel: File › Save As); if you only have this file, replace each "?" before an amount with ₹.",
      ]
    `);
  });

  it('refuses a file saved as Unicode text', async () => {
    expect(await expectProblems('encoding-utf16', ['team.csv - - - encoding'])).toMatchInlineSnapshot(`
      [
        "team.csv -: This file is saved as "Unicode text" (UTF-16), which the site cannot read. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.",
      ]
    `);
  });

  it('names the line where a quote opened and was never closed', async () => {
    // Row 2 of projects.csv holds a description over three lines: the quote opens on line 6, in row 4.
    expect(await expectProblems('unclosed-quote', ['projects.csv 4 - - unclosed-quote']))
      .toMatchInlineSnapshot(`
        [
          "projects.csv 4: A quote (") opened on row 4 of the sheet (line 6 of the file) is never closed, so everything after it reads as one cell. Add the closing quote at the end of that cell, or remove the opening one.",
        ]
      `);
  });

  it('names the line of a cell with text after its closing quote', async () => {
    expect(await expectProblems('stray-quote', ['project-amenities.csv 3 - - stray-quote']))
      .toMatchInlineSnapshot(`
        [
          "project-amenities.csv 3: On row 3 a cell starts with a quote (") but does not end with its closing quote. Close the quote at the end of the cell; if the quote is part of the text, put the whole cell in quotes and write each quote inside it twice, like "Tower ""A"" lobby".",
        ]
      `);
  });

  it('recognises a sheet separated by semicolons', async () => {
    expect(await expectProblems('delimiter', ['builders.csv 1 A - delimiter'])).toMatchInlineSnapshot(`
      [
        "builders.csv 1A: The columns of this file are separated by semicolons, not commas. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited) (*.csv)"; in Google Sheets choose File › Download › Comma-separated values.",
      ]
    `);
  });

  it('reports unknown, duplicate, missing and blank headers', async () => {
    expect(
      await expectProblems('headers', [
        'localities.csv 1 I name duplicate-header',
        'pre-rented.csv 1 J rent_per_sqtf unknown-header',
        'team.csv 1 - role missing-column',
        'awards.csv 1 G - blank-header',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "localities.csv 1I: "name" is already the header of column C. Each column needs its own header: delete or rename one of the two.",
        "pre-rented.csv 1J: "rent_per_sqtf" is not a column of pre-rented.csv. Did you mean "rent_per_sqft"?",
        "team.csv 1: The column "role" is missing. Add a column with "role" in row 1; it must be filled in on every row.",
        "awards.csv 1G: Column G has cells filled in (from row 2) but no header in row 1. Write the column's name in row 1, or delete the column.",
      ]
    `);
  });

  it('reports ragged, blank and repeated rows', async () => {
    // Row 4 holds NYKAA, which home-pre-rented.csv names: the ragged row still counts for references.
    expect(
      await expectProblems('rows', [
        'pre-rented.csv 3 M - ragged-row',
        'pre-rented.csv 4 O - ragged-row',
        'pre-rented.csv 6 - - blank-row (warning)',
        'pre-rented.csv 9 - - duplicate-row',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "pre-rented.csv 3M: Row 3 has 12 cells but the header row has 14, so the cells from column M on are missing. Often a comma is missing, or a cell with a line break is not in quotes.",
        "pre-rented.csv 4O: Row 4 has a value in column O, after the last column (N, "image"). Often a cell holds a comma but is not in quotes; put that cell in quotes or remove the extra value.",
        "pre-rented.csv 6: Row 6 is empty and was skipped. Delete the row if it is not needed.",
        "pre-rented.csv 9: Row 9 repeats row 2 exactly. Delete one of the two.",
      ]
    `);
  });

  it('reports every bad cell of every sheet in one run', async () => {
    expect(
      await expectProblems('cells', [
        'settings.csv 3 B site_url url',
        'settings.csv 4 B phone number',
        'projects.csv 3 E type choice',
        'projects.csv 3 O map_embed url',
        'projects.csv 3 P video_embed embed-host',
        'projects.csv 3 R new_development yes-no',
        'pre-rented.csv 3 A tenant url-key',
        'pre-rented.csv 3 B building required',
        'pre-rented.csv 3 D property_type choice',
        'pre-rented.csv 3 E total_area number',
        'pre-rented.csv 3 F available_area list',
        'pre-rented.csv 3 H lock_in_years number',
        'pre-rented.csv 3 I rent money',
        'pre-rented.csv 5 N image image-path',
        'testimonials.csv 3 E rating number',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "settings.csv 3B: "http://www.example-estates.in" is not a secure web address. Write a full address starting with https://.",
        "settings.csv 4B: "98110 12345" is not accepted here. Write the phone number with + and the country code, such as +91 98110 12345.",
        "projects.csv 3E: "Comercial" is not one of the accepted values. Write one of "Commercial", "Residential". Did you mean "Commercial"?",
        "projects.csv 3O: "http://www.google.com/maps/embed?pb=1" is not a secure web address. In Google Maps choose Share › Embed a map › Copy HTML and paste it here (the address starts with https://www.google.com/maps/embed).",
        "projects.csv 3P: "https://vimeo.com/123" comes from vimeo.com, which cannot be embedded. Use an embed address from www.youtube-nocookie.com, www.youtube.com or player.vimeo.com. On YouTube choose Share › Embed and paste the code or the address in it (https://www.youtube-nocookie.com/embed/…).",
        "projects.csv 3R: "maybe" is neither yes nor no. Write "yes" or "no".",
        "pre-rented.csv 3A: "SBI/Bank" cannot be part of a page address because it contains "/". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "SBI Bank" instead.",
        "pre-rented.csv 3B: This cell is empty; it must be filled in.",
        "pre-rented.csv 3D: "Offce" is not one of the accepted values. Write one of "Office", "Retail", "Bank". Did you mean "Office"?",
        "pre-rented.csv 3E: "12,34,5" is not a number of sq ft. Write a number such as 4500.",
        "pre-rented.csv 3F: "1500/abc" is not a list of sq ft. Write numbers separated by "/", such as 1500/3000, or "-" for none.",
        "pre-rented.csv 3H: "9 months" is not a number of years. Write a number such as 3, or "-" for none.",
        "pre-rented.csv 3I: "abc" is not an amount. Write an amount in rupees such as 208439, ₹2,08,439, 2.08 Lakh or 1.5 Cr.",
        "pre-rented.csv 5N: "pre-rented/social.bmp" is not an image file name. Write a path inside sheets/images ending in .jpg, .png, .webp, .avif or .svg, such as projects/joy-district-1.jpg.",
        "testimonials.csv 3E: "7" is not accepted here. Write a whole number of stars from 1 to 5.",
      ]
    `);
  });

  it('reports duplicate keys, naming the first row', async () => {
    expect(
      await expectProblems('keys', [
        'localities.csv 6 A route duplicate-key',
        'featured.csv 4 A project duplicate-key',
        'builders.csv 4 A name duplicate-key',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "localities.csv 6A: "golfCourseRoad" is already used in row 2. Each row needs its own route: change one of the two.",
        "featured.csv 4A: "joyDistrict" is already used in row 2. Each row needs its own project: change one of the two.",
        "builders.csv 4A: "m3m" is already used in row 2 (as "M3M"; capital letters do not make it different). Each row needs its own name: change one of the two.",
      ]
    `);
  });

  it('reports references to rows that do not exist', async () => {
    expect(
      await expectProblems('references', [
        'projects.csv 3 I locality unknown-reference',
        'project-highlights.csv 3 A project unknown-reference',
        'project-gallery.csv 4 A project unknown-reference',
        'pre-rented.csv 2 C locality unknown-reference',
        'featured.csv 3 A project unknown-reference',
        'home-pre-rented.csv 3 A tenant unknown-reference',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "projects.csv 3I: "Sohna Road" is not a locality in localities.csv, so the project would be on no locality page. Write one of "Golf Course Road", "GCR", "Golf Course Extension", "Golf Course Extension Road", "Dwarka Expressway", "Dwarka Delhi", "Dwarka, Delhi", or add this spelling to the locality in localities.csv.",
        "project-highlights.csv 3A: "joyDistrct" is not the slug of a project in projects.csv. Did you mean "joyDistrict"?",
        "project-gallery.csv 4A: "edition" is another address of project "smartworld". Write the project's slug, "smartworld".",
        "pre-rented.csv 2C: "Golf Course Raod" matches no locality, so this record would be on no locality page. Did you mean "Golf Course Road"? Write it so, or add this spelling to the locality in localities.csv. (Places without a page, such as NH8, are fine as they are.)",
        "featured.csv 3A: "dlfPrivana" is not the slug of a project in projects.csv. Write the slug exactly as in the slug column of projects.csv.",
        "home-pre-rented.csv 3A: "Nykaa" is not a tenant in pre-rented.csv, so the card would lead to an empty page. Did you mean "NYKAA"?",
      ]
    `);
  });

  it('reports page addresses claimed twice or unusable', async () => {
    expect(
      await expectProblems('paths', [
        'localities.csv 5 D spellings duplicate-key',
        'projects.csv 3 C aliases url-key',
        'projects.csv 3 C aliases path-conflict',
        'projects.csv 4 D page path-conflict',
        'pre-rented.csv 3 A tenant tenant-spelling',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "localities.csv 5D: "GCR" is already the name or a spelling of row 2 ("Golf Course Road"). Each way of writing a locality must lead to one locality only.",
        "projects.csv 3C: In "edition;JoyDistrict;ed/ition", "ed/ition" cannot be part of a page address because it contains "/". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "ed ition" instead.",
        "projects.csv 3C: "JoyDistrict" is already an address of row 2 ("joyDistrict"). An address can lead to one page only: remove it here or there.",
        "projects.csv 4D: Row 2 is already the /property page and there is only one. Write "feature" here to give this project its own /feature page.",
        "pre-rented.csv 3A: "Sbi Bank" is written "SBI Bank" in row 2. Write a tenant the same way on every row, capital letters included: all its records share one page.",
      ]
    `);
  });

  it('refuses every page key that could not be a page address, before the build', async () => {
    expect(
      await expectProblems('page-keys', [
        'localities.csv 3 B route_aliases url-key',
        'localities.csv 4 A route url-key',
        'projects.csv 3 C aliases url-key',
        'pre-rented.csv 4 A tenant url-key',
        'pre-rented.csv 5 A tenant url-key',
        'pre-rented.csv 6 A tenant url-key',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "localities.csv 3B: In "golfCourseExtension;.", "." cannot be a page address because it starts with a dot ("." and ".." point at other pages, and web servers hide such folders). Write a name made of letters and digits, such as "SBI Bank".",
        "localities.csv 4A: "dwarka/ExpressWay" cannot be part of a page address because it contains "/". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "dwarka ExpressWay" instead.",
        "projects.csv 3C: In "edition;<edition>", "<edition>" cannot be part of a page address because it contains "<". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "edition" instead.",
        "pre-rented.csv 4A: "NYKAA" has a space after it in the cell. A page address cannot start or end with a space: delete it.",
        "pre-rented.csv 5A: ".." cannot be a page address because it starts with a dot ("." and ".." point at other pages, and web servers hide such folders). Write a name made of letters and digits, such as "SBI Bank".",
        "pre-rented.csv 6A: "ICICI\\u00a0Bank" cannot be part of a page address because it contains an invisible character (U+00A0, often a non-breaking space copied from a web page). Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "ICICI Bank" instead.",
      ]
    `);
  });

  it('refuses control characters in any cell (headers and setting names too), and settings that are not what they claim', async () => {
    expect(
      await expectProblems('control-characters', [
        'settings.csv 3 B site_url url',
        'settings.csv 4 A setting control-character',
        'settings.csv 6 B email url',
        'settings.csv 11 B facebook_url url',
        'testimonials.csv 3 D text control-character',
        'team.csv 1 B - control-character',
        'team.csv 2 A name control-character',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "settings.csv 3B: "https://www.example-estates.in/home" is not the address of the whole site. Write only the part up to the domain name, such as https://www.example-estates.in; the site adds each page's path itself.",
        "settings.csv 4A: This cell holds an invisible control character (U+0007) right after "pho", usually left by text pasted from another program. Delete that character, or type the cell again.",
        "settings.csv 6B: ""><svg/onload=alert(1)>@evil.example" is not an email address. Write one such as sales@example.com, with no spaces, quotes or < >.",
        "settings.csv 11B: "https://facebook.example/estates" is not an address on facebook.com. Write the full address of the page, such as https://www.facebook.com/example-estates.",
        "testimonials.csv 3D: This cell holds an invisible control character (U+0007) right after "no pressure to buy.", usually left by text pasted from another program. Delete that character, or type the cell again.",
        "team.csv 1B: This cell holds an invisible control character (U+001B) right after "role", usually left by text pasted from another program. Delete that character, or type the cell again.",
        "team.csv 2A: This cell holds an invisible control character (U+0000) right after "Priya", usually left by text pasted from another program. Delete that character, or type the cell again.",
      ]
    `);
  });

  it('reports unknown, repeated, missing and retired settings at their rows', async () => {
    expect(
      await expectProblems('settings', [
        'settings.csv - - chat_greeting missing-setting',
        'settings.csv 4 A setting unknown-setting',
        'settings.csv 7 - - blank-row (warning)',
        'settings.csv 8 A setting duplicate-setting',
        'settings.csv 25 A setting retired-setting (warning)',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "settings.csv -: The setting "chat_greeting" is missing. Add a row with chat_greeting in column A and its value in column B.",
        "settings.csv 4A: "phon" is not a setting. Did you mean "phone"?",
        "settings.csv 7: Row 7 is empty and was skipped. Delete the row if it is not needed.",
        "settings.csv 8A: "Email" is already set in row 6. Keep one of the two rows and delete the other.",
        "settings.csv 25A: "copyright_year" is no longer used: the footer shows the year the site was built. Delete this row.",
      ]
    `);
  });

  it('reports missing, misnamed and unreadable pictures', async () => {
    expect(
      await expectProblems('images', [
        'projects.csv 3 M hero_image image-missing',
        'projects.csv 3 Q video_still video-still',
        'project-gallery.csv 3 B image image-missing',
        'team.csv 3 C photo image-missing',
        'awards.csv 2 E image_1 image-unreadable',
      ]),
    ).toMatchInlineSnapshot(`
      [
        "projects.csv 3M: The picture "projects/Smartworld-Hero.jpg" is not in sheets/images. The file is named "projects/smartworld-hero.jpg": capital letters must match exactly.",
        "projects.csv 3Q: This project has a video (video_embed), so it needs a still picture shown before the video plays. Write the name of a picture in sheets/images, such as projects/joy-district-video.jpg.",
        "project-gallery.csv 3B: The picture "projects/joy-district-3.jpg" is not in sheets/images. Did you mean "projects/joy-district-1.jpg"?",
        "team.csv 3C: The picture "team/vikram.png" is not in sheets/images. Did you mean "team/vikram-singh.jpg"?",
        "awards.csv 2E: The picture "awards/m3m-2024-1.jpg" cannot be opened as an image (the file may be damaged or not really a JPG). Save it again as JPEG, PNG, WebP, AVIF or SVG.",
      ]
    `);
  });

  it('reports missing and empty sheets', async () => {
    expect(
      await expectProblems(
        'empty-sheet',
        [
          'testimonials.csv 1 - - empty-sheet',
          'awards.csv - - - missing-sheet',
          'statistics.csv - - - empty-sheet',
        ],
        (dir) => rm(join(dir, 'awards.csv')),
      ),
    ).toMatchInlineSnapshot(`
      [
        "testimonials.csv 1: Row 1 is empty. It must name the columns: page, name, detail, text, rating.",
        "awards.csv -: The sheet awards.csv is missing from the sheets folder. Put it back (sheets/README.md lists its columns).",
        "statistics.csv -: This sheet is empty. Row 1 must name the columns: page, label, value, suffix.",
      ]
    `);
  });

  it('builds the site despite warnings', async () => {
    const { site, problems } = await loadBroken('warnings');
    expect(problems.map(at)).toEqual([
      'pre-rented.csv 6 - - blank-row (warning)',
      'pre-rented.csv 7 J rent_per_sqft rent-per-sqft (warning)',
    ]);
    expect(messages(problems)).toMatchInlineSnapshot(`
      [
        "pre-rented.csv 6: Row 6 is empty and was skipped. Delete the row if it is not needed.",
        "pre-rented.csv 7J: Rent per sq ft is 60, but rent ÷ total area is ₹95,340 ÷ 2,100 sq ft = 45.4. Check the rent, the area and this cell, or leave this cell empty to have it computed.",
      ]
    `);
    expect(site?.preRented.find((record) => record.row === 7)).toMatchObject({
      tenant: 'ICICI Bank',
      rent_per_sqft: 60,
      rentPerSqftComputed: false,
    });
  });
});
