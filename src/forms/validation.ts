/** What a field holds, which decides its input type and how it is checked. */
export type FieldKind = 'text' | 'email' | 'phone' | 'date' | 'message';

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

export interface FieldRule {
  kind: FieldKind;
  /** Label as the visitor sees it, used in messages. */
  label: string;
  /** Message when left empty, where "Please enter your {label}" would read badly. */
  missing?: string;
}

/**
 * The message for one field's value, or undefined when it is acceptable.
 * Every field of every form is required (spec section 5). `today` is the
 * visitor's day in India, yyyy-mm-dd, the earliest day an appointment may be.
 */
export function fieldError(rule: FieldRule, value: string, today: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return rule.missing ?? `Please enter your ${rule.label.toLowerCase()}.`;
  switch (rule.kind) {
    case 'email':
      return isEmail(trimmed) ? undefined : 'Please enter an email address such as name@example.com.';
    case 'phone':
      return isPhone(trimmed)
        ? undefined
        : 'Please enter a 10-digit mobile number such as 98110 12345, or a number with + and its country code.';
    case 'date':
      if (!isDay(trimmed)) return 'Please choose a date.';
      return trimmed < today ? 'Please choose today or a later date.' : undefined;
    case 'text':
    case 'message':
      return undefined;
  }
}

/** Messages for every unacceptable field, keyed by field name; empty when all are fine. */
export function validate<Name extends string>(
  fields: readonly (FieldRule & { name: Name })[],
  values: Record<Name, string>,
  today: string,
): Partial<Record<Name, string>> {
  const errors: Partial<Record<Name, string>> = {};
  for (const field of fields) {
    const error = fieldError(field, values[field.name], today);
    if (error !== undefined) errors[field.name] = error;
  }
  return errors;
}
