import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  choice,
  controlCharacterProblem,
  emailAddress,
  httpsUrl,
  httpsUrlOn,
  imagePath,
  isImageCell,
  money,
  optionalEmbedUrl,
  optionalImagePath,
  optionalMoney,
  optionalQuantity,
  optionalText,
  pageKey,
  pageKeyList,
  pageKeyProblem,
  paragraphs,
  parseMoney,
  parseNumber,
  quantity,
  quantityList,
  siteAddress,
  text,
  yesNo,
} from '../../src/schema/cells';

/** The converted value, or the code and message a sales person would see. */
function convert(schema: z.ZodType, raw: string) {
  const result = schema.safeParse(raw);
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0];
  return { code: (issue as { params?: { code?: string } }).params?.code, message: issue?.message };
}

const messageOf = (schema: z.ZodType, raw: string) => convert(schema, raw).message;

describe('money', () => {
  it.each([
    ['₹2,08,439', 208439],
    ['208439', 208439],
    ['2.08 Lakh', 208000],
    ['2.08 lakhs', 208000],
    ['2.08L', 208000],
    ['1.44 lac', 144000],
    ['1.5 Cr', 15000000],
    ['1.5cr.', 15000000],
    ['1.5 crore', 15000000],
    ['6,33,00,000', 63300000],
    ['₹ 6,33,00,000', 63300000],
    ['Rs. 95,340/-', 95340],
    ['INR 1,00,000', 100000],
    ['208,439', 208439],
    ['1,000,000', 1000000],
    ['  95340  ', 95340],
    ['95340.60', 95341],
  ])('reads %j as %d rupees', (raw, rupees) => {
    expect(parseMoney(raw)).toBe(rupees);
    expect(convert(money(), raw)).toEqual({ value: rupees });
  });

  it.each(['abc', '12,34,5', '123,45,678', '1,2345', '2.08 lakh crore', '₹', '1.5 million', '--5', '5 Cr 2'])(
    'refuses %j',
    (raw) => {
      expect(parseMoney(raw)).toBeNull();
      expect(convert(money(), raw).code).toBe('money');
    },
  );

  it('refuses zero and says what to write', () => {
    expect(convert(money(), '0')).toMatchInlineSnapshot(`
      {
        "code": "money",
        "message": ""0" is zero; the amount must be more than 0. Write an amount in rupees such as 208439, ₹2,08,439, 2.08 Lakh or 1.5 Cr.",
      }
    `);
    expect(messageOf(money(), '12,34,5')).toMatchInlineSnapshot(
      `""12,34,5" is not an amount. Write an amount in rupees such as 208439, ₹2,08,439, 2.08 Lakh or 1.5 Cr."`,
    );
    expect(convert(money(), ' ')).toMatchInlineSnapshot(`
      {
        "code": "required",
        "message": "This cell is empty. Write an amount in rupees such as 208439, ₹2,08,439, 2.08 Lakh or 1.5 Cr.",
      }
    `);
  });

  it('treats an empty cell or a dash as no amount when optional', () => {
    expect(convert(optionalMoney(), '')).toEqual({ value: null });
    expect(convert(optionalMoney(), '-')).toEqual({ value: null });
    expect(convert(optionalMoney(), 'N/A')).toEqual({ value: null });
    expect(convert(optionalMoney(), '3.25 Cr')).toEqual({ value: 32500000 });
    expect(convert(optionalMoney(), 'three crore').code).toBe('money');
  });
});

describe('numbers with units', () => {
  it.each([
    ['2,500', 'sq ft', 2500],
    ['2500 sq ft', 'sq ft', 2500],
    ['2500 Sq. Ft.', 'sq ft', 2500],
    ['2500sqft', 'sq ft', 2500],
    ['1,23,456 sft', 'sq ft', 123456],
    ['9', 'years', 9],
    ['9 years', 'years', 9],
    ['9 Yrs', 'years', 9],
    ['1.5 yr', 'years', 1.5],
    ['6 months', 'months', 6],
    ['46.3', 'rupees per sq ft', 46.3],
    ['₹46.3/sq ft', 'rupees per sq ft', 46.3],
    ['Rs 46.30 per sq ft', 'rupees per sq ft', 46.3],
    ['5 stars', 'stars', 5],
    ['.5', 'years', 0.5],
  ])('reads %j as %d (%s)', (raw, unit, value) => {
    expect(parseNumber(raw, unit)).toBe(value);
  });

  it.each([
    ['9 months', 'years'],
    ['4500 sq m', 'sq ft'],
    ['12,34,5', 'sq ft'],
    ['abc', 'sq ft'],
    ['₹46', 'sq ft'],
    ['1500 Cr', ''],
    ['-3', 'years'],
    ['', 'years'],
  ])('refuses %j as %s', (raw, unit) => {
    expect(parseNumber(raw, unit)).toBeNull();
  });

  it('requires a positive number and says which unit', () => {
    expect(convert(quantity('sq ft', '4500'), '4500')).toEqual({ value: 4500 });
    expect(convert(quantity('sq ft', '4500'), '0')).toMatchInlineSnapshot(`
      {
        "code": "number",
        "message": ""0" is zero; it must be more than 0, such as 4500.",
      }
    `);
    expect(convert(quantity('years', '9'), '108 months')).toMatchInlineSnapshot(`
      {
        "code": "number",
        "message": ""108 months" is not a number of years. Write a number such as 9.",
      }
    `);
    expect(convert(quantity('year', '2024'), 'next year')).toMatchInlineSnapshot(`
      {
        "code": "number",
        "message": ""next year" is not a year. Write a number such as 2024.",
      }
    `);
    expect(convert(quantity('', '1500'), '')).toMatchInlineSnapshot(`
      {
        "code": "required",
        "message": "This cell is empty. Write a number, such as 1500.",
      }
    `);
  });

  it('reads "-" as none and allows zero when optional', () => {
    expect(convert(optionalQuantity('years', '3'), '-')).toEqual({ value: null });
    expect(convert(optionalQuantity('years', '3'), '')).toEqual({ value: null });
    expect(convert(optionalQuantity('years', '3'), '0')).toEqual({ value: 0 });
    expect(convert(optionalQuantity('years', '3'), 'three')).toMatchInlineSnapshot(`
      {
        "code": "number",
        "message": ""three" is not a number of years. Write a number such as 3, or "-" for none.",
      }
    `);
  });
});

describe('lists of areas', () => {
  const areas = quantityList('sq ft', '1500/3000');
  it.each([
    ['2500/3000/4500', [2500, 3000, 4500]],
    ['2500 / 3000 / 4500', [2500, 3000, 4500]],
    ['1,500 sq ft / 3,000 sq ft', [1500, 3000]],
    ['2500;3000', [2500, 3000]],
    ['4500', [4500]],
    ['-', []],
    ['', []],
  ])('reads %j', (raw, values) => {
    expect(convert(areas, raw)).toEqual({ value: values });
  });

  it.each(['2500/', '2500/abc', '2500//3000', '0/1500'])('refuses %j', (raw) => {
    expect(convert(areas, raw).code).toBe('list');
  });

  it('explains the list form', () => {
    expect(messageOf(areas, '1500/abc')).toMatchInlineSnapshot(
      `""1500/abc" is not a list of sq ft. Write numbers separated by "/", such as 1500/3000, or "-" for none."`,
    );
  });
});

describe('text', () => {
  it('trims and requires text', () => {
    expect(convert(text(), '  Vatika  ')).toEqual({ value: 'Vatika' });
    expect(convert(text(), '   ')).toMatchInlineSnapshot(`
      {
        "code": "required",
        "message": "This cell is empty; it must be filled in.",
      }
    `);
    expect(convert(optionalText(), '  ')).toEqual({ value: null });
  });

  it('splits paragraphs at empty lines and joins lines within one', () => {
    expect(convert(paragraphs(), 'First line\r\ncontinues.\r\n\r\nSecond paragraph.\n\n\n')).toEqual({
      value: ['First line continues.', 'Second paragraph.'],
    });
  });
});

describe('choices', () => {
  const type = choice(['Commercial', 'Residential']);
  it('matches without regard to case and returns the canonical word', () => {
    expect(convert(type, ' commercial ')).toEqual({ value: 'Commercial' });
    expect(convert(type, 'RESIDENTIAL')).toEqual({ value: 'Residential' });
  });

  it('lists the accepted words', () => {
    expect(convert(type, 'Comercial')).toMatchInlineSnapshot(`
      {
        "code": "choice",
        "message": ""Comercial" is not one of the accepted values. Write one of "Commercial", "Residential".",
      }
    `);
    expect(convert(type, '')).toMatchInlineSnapshot(`
      {
        "code": "required",
        "message": "This cell is empty. Write one of "Commercial", "Residential".",
      }
    `);
  });

  it('hands the accepted words to the pipeline for "did you mean"', () => {
    const result = type.safeParse('Comercial');
    expect(result.success ? null : result.error.issues[0]).toMatchObject({
      params: { code: 'choice', allowed: ['Commercial', 'Residential'] },
    });
  });
});

describe('yes or no', () => {
  it.each([
    ['yes', true],
    ['Y', true],
    ['TRUE', true],
    ['1', true],
    ['no', false],
    ['n', false],
    ['', false],
    ['0', false],
  ])('reads %j as %s', (raw, value) => {
    expect(convert(yesNo(), raw)).toEqual({ value });
  });

  it('refuses anything else', () => {
    expect(convert(yesNo(), 'maybe')).toMatchInlineSnapshot(`
      {
        "code": "yes-no",
        "message": ""maybe" is neither yes nor no. Write "yes" or "no".",
      }
    `);
  });
});

describe('web addresses', () => {
  it('accepts https only', () => {
    expect(convert(httpsUrl(), 'https://haryanarera.gov.in')).toEqual({
      value: 'https://haryanarera.gov.in/',
    });
    expect(convert(httpsUrl(), 'http://haryanarera.gov.in')).toMatchInlineSnapshot(`
      {
        "code": "url",
        "message": ""http://haryanarera.gov.in" is not a secure web address. Write a full address starting with https://.",
      }
    `);
    expect(convert(httpsUrl(), 'haryanarera.gov.in').code).toBe('url');
    expect(convert(httpsUrl(), '').code).toBe('required');
  });

  it('accepts embeds from the allowed hosts only', () => {
    const video = optionalEmbedUrl('video');
    const map = optionalEmbedUrl('map');
    expect(convert(video, 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk')).toEqual({
      value: 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk',
    });
    expect(convert(video, 'https://player.vimeo.com/video/123456')).toEqual({
      value: 'https://player.vimeo.com/video/123456',
    });
    expect(convert(map, 'https://www.google.com/maps/embed?pb=!1m18')).toEqual({
      value: 'https://www.google.com/maps/embed?pb=!1m18',
    });
    expect(convert(video, '-')).toEqual({ value: null });
    expect(convert(video, 'https://evil.example/embed/x')).toMatchInlineSnapshot(`
      {
        "code": "embed-host",
        "message": ""https://evil.example/embed/x" comes from evil.example, which cannot be embedded. Use an embed address from www.youtube-nocookie.com, www.youtube.com or player.vimeo.com. On YouTube choose Share › Embed and paste the code or the address in it (https://www.youtube-nocookie.com/embed/…).",
      }
    `);
    expect(convert(map, 'https://maps.app.goo.gl/abc')).toMatchInlineSnapshot(`
      {
        "code": "embed-host",
        "message": ""https://maps.app.goo.gl/abc" comes from maps.app.goo.gl, which cannot be embedded. Use an embed address from www.google.com or maps.google.com. In Google Maps choose Share › Embed a map › Copy HTML and paste it here (the address starts with https://www.google.com/maps/embed).",
      }
    `);
    expect(convert(map, 'https://www.google.com/maps/place/Sector+66')).toMatchInlineSnapshot(`
      {
        "code": "url",
        "message": ""https://www.google.com/maps/place/Sector+66" is a link to a page, not an embed address. In Google Maps choose Share › Embed a map › Copy HTML and paste it here (the address starts with https://www.google.com/maps/embed).",
      }
    `);
    expect(convert(video, 'http://www.youtube.com/embed/aBcDeFgHiJk').code).toBe('url');
  });

  it('turns what the sharing menus give into the embed address', () => {
    const video = optionalEmbedUrl('video');
    const embed = { value: 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk' };
    expect(convert(video, 'https://www.youtube.com/watch?v=aBcDeFgHiJk&t=5')).toEqual(embed);
    expect(convert(video, 'https://youtu.be/aBcDeFgHiJk')).toEqual(embed);
    expect(convert(video, 'https://www.youtube.com/shorts/aBcDeFgHiJk')).toEqual(embed);
    expect(
      convert(
        optionalEmbedUrl('map'),
        '<iframe src="https://www.google.com/maps/embed?pb=!1m18&amp;z=3" width="600" height="450"></iframe>',
      ),
    ).toEqual({ value: 'https://www.google.com/maps/embed?pb=!1m18&z=3' });
  });
});

describe('page keys', () => {
  it.each([
    'SBI Bank',
    'joyDistrict',
    'terms&Condition',
    "Haldiram's",
    'Haldiram’s',
    'Dr. Lal PathLabs',
    'Café Delhi Heights',
    'M3M-65th (Avenue)',
  ])('accepts %j', (raw) => {
    expect(convert(pageKey(), raw)).toEqual({ value: raw });
  });

  it.each([
    ['SBI/Bank', 'contains "/"'],
    ['What?', 'contains "?"'],
    ['No#1', 'contains "#"'],
    ['100%', 'contains "%"'],
    ['a\\b', 'contains "\\"'],
    ['<b>', 'contains "<"'],
    ['Say "hi"', 'contains """'],
    ['a:b', 'contains ":"'],
    ['a\tb', 'contains an invisible control character (U+0009)'],
    ['SBI\u00a0Bank', 'contains an invisible character (U+00A0'],
    ['.', 'starts with a dot'],
    ['..', 'starts with a dot'],
    ['.hidden', 'starts with a dot'],
    [' SBI Bank', 'has a space before it'],
    ['SBI Bank ', 'has a space after it'],
  ])('refuses %j: it %s', (raw, named) => {
    expect(pageKeyProblem(raw)).toContain(named);
    expect(convert(pageKey(), raw).code).toBe('url-key');
  });

  it('names the character and what to write instead', () => {
    expect(convert(pageKey(), 'SBI/Bank')).toMatchInlineSnapshot(`
      {
        "code": "url-key",
        "message": ""SBI/Bank" cannot be part of a page address because it contains "/". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "SBI Bank" instead.",
      }
    `);
    expect(messageOf(pageKey(), '..')).toMatchInlineSnapshot(
      `"".." cannot be a page address because it starts with a dot ("." and ".." point at other pages, and web servers hide such folders). Write a name made of letters and digits, such as "SBI Bank"."`,
    );
    expect(messageOf(pageKey(), 'SBI Bank ')).toMatchInlineSnapshot(
      `""SBI Bank" has a space after it in the cell. A page address cannot start or end with a space: delete it."`,
    );
    expect(messageOf(pageKey(), '<script>')).toMatchInlineSnapshot(
      `""<script>" cannot be part of a page address because it contains "<". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "script" instead."`,
    );
  });

  it('checks every key of a list, naming the bad one', () => {
    expect(convert(pageKeyList(), ' edition ;smartworld66; ')).toEqual({
      value: ['edition', 'smartworld66'],
    });
    expect(convert(pageKeyList(), '')).toEqual({ value: [] });
    expect(convert(pageKeyList(), 'edition;ed/ition')).toMatchInlineSnapshot(`
      {
        "code": "url-key",
        "message": "In "edition;ed/ition", "ed/ition" cannot be part of a page address because it contains "/". Page addresses take letters, digits, spaces and & ' - . _ ( ) , only. Write "ed ition" instead.",
      }
    `);
  });
});

describe('control characters', () => {
  it.each(['\u0000', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f'])(
    'refuses %j in any cell',
    (char) => {
      for (const schema of [text(), optionalText(), money(), yesNo(), pageKey(), httpsUrl(), imagePath()]) {
        expect(convert(schema, `Tower${char} B`).code).toBe('control-character');
      }
    },
  );

  it('accepts tabs and line breaks, which quoted cells hold', () => {
    expect(controlCharacterProblem('Line one\r\nLine two\tend')).toBeNull();
  });

  it('says where the character is', () => {
    expect(messageOf(text(), 'Vatika\u0007 Business Park')).toMatchInlineSnapshot(
      `"This cell holds an invisible control character (U+0007) right after "Vatika", usually left by text pasted from another program. Delete that character, or type the cell again."`,
    );
    expect(messageOf(text(), '\u0000abc')).toMatchInlineSnapshot(
      `"This cell holds an invisible control character (U+0000) at the start of the cell, usually left by text pasted from another program. Delete that character, or type the cell again."`,
    );
  });
});

describe('settings addresses', () => {
  it('takes the whole site address without a slash, and nothing longer', () => {
    expect(convert(siteAddress(), 'https://www.example-estates.in/')).toEqual({
      value: 'https://www.example-estates.in',
    });
    expect(convert(siteAddress(), 'https://www.example-estates.in/home')).toMatchInlineSnapshot(`
      {
        "code": "url",
        "message": ""https://www.example-estates.in/home" is not the address of the whole site. Write only the part up to the domain name, such as https://www.example-estates.in; the site adds each page's path itself.",
      }
    `);
    expect(convert(siteAddress(), 'https://admin:secret@www.example-estates.in').code).toBe('url');
  });

  it('keeps a social page on its own site', () => {
    const facebook = httpsUrlOn('facebook.com', 'https://www.facebook.com/example');
    expect(convert(facebook, 'https://m.facebook.com/example')).toEqual({
      value: 'https://m.facebook.com/example',
    });
    expect(convert(facebook, 'https://facebook.com.evil.example/x')).toMatchInlineSnapshot(`
      {
        "code": "url",
        "message": ""https://facebook.com.evil.example/x" is not an address on facebook.com. Write the full address of the page, such as https://www.facebook.com/example.",
      }
    `);
  });

  it.each(['sales@example-estates.in', 'first.last+leads@mail.example.co.in'])(
    'accepts the email %j',
    (raw) => {
      expect(convert(emailAddress(), raw)).toEqual({ value: raw });
    },
  );

  it.each([
    '"><svg/onload=alert(1)>@evil.example',
    'sales@localhost',
    'sales @example.in',
    'sales@example..in',
    '<a@b.in>',
  ])('refuses the email %j', (raw) => {
    expect(convert(emailAddress(), raw).code).toBe('url');
  });
});

describe('picture paths', () => {
  it('normalises Windows separators and a leading slash', () => {
    expect(convert(imagePath(), 'projects\\joy-district-1.jpg')).toEqual({
      value: 'projects/joy-district-1.jpg',
    });
    expect(convert(imagePath(), '/projects/joy-district-1.JPG')).toEqual({
      value: 'projects/joy-district-1.JPG',
    });
    expect(convert(optionalImagePath(), '')).toEqual({ value: null });
  });

  it.each(['photo.bmp', 'projects/../../secret.jpg', 'projects/joy-district-1'])('refuses %j', (raw) => {
    expect(convert(imagePath(), raw).code).toBe('image-path');
    expect(convert(optionalImagePath(), raw).code).toBe('image-path');
  });

  it('says what a picture name looks like', () => {
    expect(convert(imagePath(), 'photo.bmp')).toMatchInlineSnapshot(`
      {
        "code": "image-path",
        "message": ""photo.bmp" is not an image file name. Write a path inside sheets/images ending in .jpg, .png, .webp, .avif or .svg, such as projects/joy-district-1.jpg.",
      }
    `);
    expect(convert(imagePath(), '').code).toBe('required');
  });

  it('marks picture columns for the pipeline', () => {
    expect(isImageCell(imagePath())).toBe(true);
    expect(isImageCell(optionalImagePath())).toBe(true);
    expect(isImageCell(text())).toBe(false);
  });
});
