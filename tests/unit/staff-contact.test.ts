/**
 * What staff read and tap of a visitor's lead (issue 33, points 8 and 10): contact links made
 * only from a number or address the forms' rules accept, encoded part by part, and visitors'
 * text without the bidirectional controls that could make one name read as another.
 */
import { describe, expect, it } from 'vitest';
import { contactLinks, withoutBidi, withoutBidiDeep } from '../../src/data/staff';

const lead = (phone: string, email: string, name = 'Priya Kapoor') => ({
  name,
  project: 'Paras Floret',
  phone,
  email,
});

describe('contact links', () => {
  it('call and WhatsApp the number in its international form, however it was typed', () => {
    for (const typed of ['98110 22334', '+91 98110-22334', '098110 22334', '(+91) 98110.22334']) {
      const links = contactLinks(lead(typed, 'priya@example.com'), 'Asha');
      expect(links.call).toBe('tel:+919811022334');
      expect(links.whatsapp).toMatch(
        /^https:\/\/wa\.me\/919811022334\?text=Hello%20Priya%2C%20this%20is%20Asha\./,
      );
    }
    expect(contactLinks(lead('+44 20 7946 0958', ''), 'Asha').call).toBe('tel:+442079460958');
  });

  it('call a landline, and offer no WhatsApp for it', () => {
    const links = contactLinks(lead('011 4567 8901', ''), 'Asha');
    expect(links).toEqual({ call: 'tel:+911145678901', whatsapp: null, email: null });
  });

  it('make no link of a number or address the forms would refuse', () => {
    for (const phone of ['9811022334;ext=1', '+91 98110 22334?body=x', 'tel:112', '12345'])
      expect(contactLinks(lead(phone, ''), 'Asha')).toMatchObject({ call: null, whatsapp: null });
    for (const email of [
      'priya@example.com?cc=boss@example.com',
      'priya@example.com&bcc=x@example.com',
      'priya@example.com?subject=Invoice&body=Pay',
    ])
      expect(contactLinks(lead('', email), 'Asha').email).toBeNull();
  });

  it('encode an address’s own ? & = %, so that they add no header to the email', () => {
    const link = contactLinks(lead('', 'priya?cc=boss&x=%41@example.com'), 'Asha').email;
    expect(link).toBe('mailto:priya%3Fcc%3Dboss%26x%3D%2541@example.com');
    expect(new URL(link ?? '').search).toBe('');
    expect(contactLinks(lead('', 'javascript:alert(1)//@example.com'), 'Asha').email).toBe(
      'mailto:javascript%3Aalert(1)%2F%2F@example.com',
    );
  });

  it('greet the visitor by a name shown without direction overrides', () => {
    const spoofed = 'Invoice\u202Efdp.exe\u202C';
    const text = new URL(
      contactLinks(lead('98110 22334', '', spoofed), 'Asha').whatsapp ?? '',
    ).searchParams.get('text');
    expect(text).toMatch(/^Hello Invoicefdp\.exe, this is Asha\./);
  });
});

describe('visitors’ text as staff read it', () => {
  it('keeps no embedding, override, isolate or mark, however deep', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(withoutBidi(`Asha${controls} Rao`)).toBe('Asha Rao');
    expect(
      withoutBidiDeep({ name: 'A\u202Eb', fields: { remark: ['\u2067x\u2069'] }, version: 3, page: null }),
    ).toEqual({ name: 'Ab', fields: { remark: ['x'] }, version: 3, page: null });
  });
});
