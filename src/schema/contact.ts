/**
 * What counts as an email address, a phone number and a day, wherever a
 * visitor types one: the forms check as they are filled in, and the lead
 * service checks again with the same rules, so a lead the form accepted is
 * never refused by the service.
 */

/** Indian mobile: 10 digits from 6 to 9, optionally after +91, 91 or 0. */
const INDIAN_PHONE = /^(?:\+91|91|0)?[6-9]\d{9}$/;
/** Any other country: + and 8 to 15 digits (ITU E.164). */
const INTERNATIONAL_PHONE = /^\+\d{8,15}$/;
/** Separators people type between digit groups. */
const PHONE_SEPARATORS = /[\s\-().]/g;

/** name@domain.tld: no spaces, one @, a domain of dotted labels ending in a 2+ letter top-level name. */
const EMAIL = /^[^\s@]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email) && !email.includes('..');
}

export function isPhone(value: string): boolean {
  const digits = value.trim().replace(PHONE_SEPARATORS, '');
  if (INDIAN_PHONE.test(digits)) return true;
  // +91 followed by anything but a valid Indian number is a typo, not a foreign number.
  return !digits.startsWith('+91') && INTERNATIONAL_PHONE.test(digits);
}

/** A real calendar day written yyyy-mm-dd (what `<input type="date">` gives). */
export function isDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
