/**
 * What counts as an email address, a phone number and a day, wherever a
 * visitor types one: the forms check as they are filled in, and the lead
 * service checks again with the same rules, so a lead the form accepted is
 * never refused by the service.
 */

/** Indian mobile: 10 digits from 6 to 9, optionally after +91, 91 or 0. */
const INDIAN_MOBILE = /^(?:\+91|91|0)?([6-9]\d{9})$/;
/**
 * Indian landline: the STD code and the number, 10 digits in all (011 4567 8901 in Delhi,
 * 0124 456 7890 in Gurugram), after the 0 dialled before an STD code or +91.
 */
const INDIAN_LANDLINE = /^(?:\+91|0)([1-5]\d{9})$/;
/** Any other country: + and 8 to 15 digits (ITU E.164). */
const INTERNATIONAL_PHONE = /^\+(\d{8,15})$/;
/** Separators people type between digit groups. */
const PHONE_SEPARATORS = /[\s\-().]/g;
/** What a typed phone number, or part of one, is made of. */
const PHONE_TYPED = new RegExp(`^(?:${PHONE_SEPARATORS.source}|[+\\d])*$`);

/** What a phone field accepts, in the words of every message that refuses one. */
export const PHONE_ACCEPTED =
  'a 10-digit mobile number such as 98110 12345, a landline with its STD code such as 011 4567 8901, or a number with + and its country code';

/** A phone number read by the one rule: its kind and its international form (`+919811012345`). */
export interface PhoneNumber {
  kind: 'mobile' | 'landline' | 'international';
  /** + and digits, as tel: links and WhatsApp want it. */
  e164: string;
}

/** The number `value` is, however it is written (+91, 91, a leading 0, spaces, dashes, brackets), or null. */
export function readPhone(value: string): PhoneNumber | null {
  const compact = value.trim().replace(PHONE_SEPARATORS, '');
  const mobile = INDIAN_MOBILE.exec(compact)?.[1];
  if (mobile !== undefined) return { kind: 'mobile', e164: `+91${mobile}` };
  const landline = INDIAN_LANDLINE.exec(compact)?.[1];
  if (landline !== undefined) return { kind: 'landline', e164: `+91${landline}` };
  // +91 followed by anything but a valid Indian number is a typo, not a foreign number.
  const foreign = compact.startsWith('+91') ? undefined : INTERNATIONAL_PHONE.exec(compact)?.[1];
  return foreign === undefined ? null : { kind: 'international', e164: `+${foreign}` };
}

/**
 * The digits a phone search compares: an Indian number's 10 digits without +91, 91 or 0, so
 * that `+91 98110 22334` and `098110-22334` find the lead stored as `9811022334`; part of a
 * number is its digits with a typed +91 or leading 0 dropped. Text with anything but digits,
 * + and separators in it (a name, an address, a note's words) is no number: none, so that
 * `flat 110` or a name ending in `0b110e` does not find every number holding 110.
 */
export function phoneSearchDigits(value: string): string {
  if (!PHONE_TYPED.test(value)) return '';
  const number = readPhone(value);
  if (number !== null) return number.e164.startsWith('+91') ? number.e164.slice(3) : number.e164.slice(1);
  const digits = value.replace(/\D/g, '');
  if (value.trim().startsWith('+91')) return digits.slice(2);
  return digits.replace(/^0+/, '');
}

/** name@domain.tld: no spaces, one @, a domain of dotted labels ending in a 2+ letter top-level name. */
const EMAIL = /^[^\s@]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email) && !email.includes('..');
}

export function isPhone(value: string): boolean {
  return readPhone(value) !== null;
}

/** A real calendar day written yyyy-mm-dd (what `<input type="date">` gives). */
export function isDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
