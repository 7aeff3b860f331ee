import { describe, expect, it } from 'vitest';
import { isDay, isEmail, isPhone, phoneSearchDigits, readPhone } from '../../src/schema/contact';
import { fieldError, validate } from '../../src/forms/validation';
import { APPOINTMENT_FIELDS, emptyValues, POPUP_FIELDS } from '../../src/forms/definitions';

describe('isPhone', () => {
  it.each([
    ['9811012345', 'ten digits starting with 9'],
    ['6000000000', 'ten digits starting with 6'],
    ['98110 12345', 'with a space'],
    ['98110-12345', 'with a dash'],
    ['+91 98110 12345', 'with +91'],
    ['+91-98110-12345', 'with +91 and dashes'],
    ['+919811012345', 'with +91 and no separators'],
    ['09811012345', 'with a leading 0'],
    ['91 98110 12345', 'with 91 and no +'],
    [' 98110 12345 ', 'with spaces around'],
    ['+44 20 7946 0958', 'a UK number'],
    ['+1 (415) 555-0100', 'a US number with brackets'],
    ['+971 50 123 4567', 'a UAE number'],
    ['+6512345678', 'eight digits after +'],
    ['011 4567 8901', 'a Delhi landline with its STD code'],
    ['0124-456-7890', 'a Gurugram landline with dashes'],
    ['(0124) 4567890', 'a landline with its STD code in brackets'],
    ['+91 11 4567 8901', 'a landline with +91'],
    ['+91 58110 12345', '+91 then a landline starting with 5'],
  ])('accepts %s (%s)', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['12345', 'too short'],
    ['5811012345', 'ten digits starting with 5'],
    ['981101234', 'nine digits'],
    ['98110123456', 'eleven digits without + or 0'],
    ['11 4567 8901', 'a landline without the 0 before its STD code'],
    ['011 4567 890', 'a landline one digit short'],
    ['00 11 4567 8901', 'two zeros before an STD code'],
    ['+91 98110 1234', '+91 then nine digits'],
    ['+1234567', 'seven digits after +'],
    ['+1234567890123456', 'sixteen digits after +'],
    ['98110 1234x', 'a letter'],
    ['phone', 'a word'],
    ['++919811012345', 'two plus signs'],
  ])('rejects %j (%s)', (phone) => {
    expect(isPhone(phone)).toBe(false);
  });
});

describe('readPhone', () => {
  it.each([
    ['+91 98110 22334', 'mobile', '+919811022334'],
    ['098110-22334', 'mobile', '+919811022334'],
    ['011 4567 8901', 'landline', '+911145678901'],
    ['+44 20 7946 0958', 'international', '+442079460958'],
  ])('reads %s as a %s, %s', (phone, kind, e164) => {
    expect(readPhone(phone)).toEqual({ kind, e164 });
  });

  it.each([
    ['+91 98110 22334', '9811022334'],
    ['0 98110 22334', '9811022334'],
    ['98110-22334', '9811022334'],
    ['+91 981', '981'],
    ['0981', '981'],
    ['22334', '22334'],
  ])('searches %j as the digits %s', (typed, digits) => {
    expect(phoneSearchDigits(typed)).toBe(digits);
  });

  it.each(['flat 110', 'Forged Origin 0b110e', 'anil1000@example.com', '100%'])(
    'reads %j, text with digits in it, as no number',
    (typed) => {
      expect(phoneSearchDigits(typed)).toBe('');
    },
  );
});

describe('isEmail', () => {
  it.each([
    'asha@example.com',
    'a.b+tag@mail.example.co.in',
    'USER@EXAMPLE.IN',
    ' asha@example.com ',
    'rahul@münchen.de',
  ])('accepts %j', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    '',
    'asha',
    'asha@',
    '@example.com',
    'asha@example',
    'asha@example.c',
    'asha @example.com',
    'asha@@example.com',
    'asha@example..com',
    'asha..rao@example.com',
    'asha@-example.com',
    'asha@example.com.',
    'asha@exam_ple.com',
  ])('rejects %j', (email) => {
    expect(isEmail(email)).toBe(false);
  });
});

describe('isDay', () => {
  it.each(['2026-11-22', '2028-02-29'])('accepts %s', (day) => expect(isDay(day)).toBe(true));
  it.each(['', '2026-02-30', '2027-02-29', '22-11-2026', '2026-13-01', '2026-1-5'])('rejects %j', (day) =>
    expect(isDay(day)).toBe(false),
  );
});

describe('fieldError', () => {
  const today = '2026-11-22';

  it('asks for an empty or blank field by its label', () => {
    expect(fieldError({ kind: 'text', label: 'Full Name' }, '  ', today)).toBe(
      'Please enter your full name.',
    );
  });

  it('uses the field’s own wording for an empty field when it has one', () => {
    expect(
      fieldError({ kind: 'message', label: 'Remarks', missing: 'Please add a remark.' }, '', today),
    ).toBe('Please add a remark.');
  });

  it('explains what an email and a phone number should look like', () => {
    expect(fieldError({ kind: 'email', label: 'Email' }, 'asha@', today)).toMatch(/name@example\.com/);
    expect(fieldError({ kind: 'phone', label: 'Phone' }, '12345', today)).toMatchInlineSnapshot(
      `"Please enter a 10-digit mobile number such as 98110 12345, a landline with its STD code such as 011 4567 8901, or a number with + and its country code."`,
    );
    expect(fieldError({ kind: 'phone', label: 'Phone' }, '011 4567 8901', today)).toBeUndefined();
  });

  it('accepts an appointment today or later, not in the past', () => {
    const date = { kind: 'date', label: 'Preferred date' } as const;
    expect(fieldError(date, '2026-11-22', today)).toBeUndefined();
    expect(fieldError(date, '2027-01-05', today)).toBeUndefined();
    expect(fieldError(date, '2026-11-21', today)).toBe('Please choose today or a later date.');
    expect(fieldError(date, '2026-02-30', today)).toBe('Please choose a date.');
  });

  it('takes any non-empty free text', () => {
    expect(fieldError({ kind: 'text', label: 'BHK' }, '3', today)).toBeUndefined();
  });
});

describe('validate', () => {
  it('returns one message per unacceptable field, none for good ones', () => {
    const errors = validate(POPUP_FIELDS, { name: 'Asha', email: 'nope', phone: '' }, '2026-11-22');
    expect(errors).toStrictEqual({
      email: 'Please enter an email address such as name@example.com.',
      phone: 'Please enter your phone.',
    });
  });

  it('requires every field of the appointment form', () => {
    const errors = validate(APPOINTMENT_FIELDS, emptyValues(APPOINTMENT_FIELDS), '2026-11-22');
    expect(Object.keys(errors)).toEqual(APPOINTMENT_FIELDS.map((field) => field.name));
  });
});
