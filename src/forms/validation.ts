import { isDay, isEmail, isPhone, PHONE_ACCEPTED } from '../schema/contact';

/** What a field holds, which decides its input type and how it is checked. */
type FieldKind = 'text' | 'email' | 'phone' | 'date' | 'message';

export interface FieldRule {
  kind: FieldKind;
  /** Label as the visitor sees it, used in messages. */
  label: string;
  /** Message when left empty, where "Please enter your {label}" would read badly. */
  missing?: string;
}

/**
 * The message for one field's value, or undefined when it is acceptable.
 * Every field of every form is required. `today` is the
 * visitor's day in India, yyyy-mm-dd, the earliest day an appointment may be.
 */
export function fieldError(rule: FieldRule, value: string, today: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return rule.missing ?? `Please enter your ${rule.label.toLowerCase()}.`;
  switch (rule.kind) {
    case 'email':
      return isEmail(trimmed) ? undefined : 'Please enter an email address such as name@example.com.';
    case 'phone':
      return isPhone(trimmed) ? undefined : `Please enter ${PHONE_ACCEPTED}.`;
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
