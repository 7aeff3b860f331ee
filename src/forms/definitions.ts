import type { FieldRule } from './validation';

/** One input of a form: its submitted name, how it is checked and how it is shown. */
export interface FieldDefinition<Name extends string = string> extends FieldRule {
  name: Name;
  /** Browser autofill token (https://html.spec.whatwg.org/#autofill). */
  autoComplete: string;
  /** Example shown under the label. */
  hint?: string;
  /** Half the form's width on wide screens (first and last name side by side). */
  half?: boolean;
}

export type FieldName<Fields extends readonly FieldDefinition[]> = Fields[number]['name'];
export type FormValues<Fields extends readonly FieldDefinition[]> = Record<FieldName<Fields>, string>;

type Options = Pick<FieldDefinition, 'hint' | 'half' | 'missing'>;

/** Free text typed by hand; `autoComplete` names what the browser may offer. */
const text = <Name extends string>(name: Name, label: string, autoComplete = 'off', options: Options = {}) =>
  ({ name, label, kind: 'text', autoComplete, ...options }) satisfies FieldDefinition<Name>;

const email = <Name extends string>(name: Name, options: Options = {}) =>
  ({
    name,
    label: 'Email',
    kind: 'email',
    autoComplete: 'email',
    ...options,
  }) satisfies FieldDefinition<Name>;

const phone = <Name extends string>(name: Name, label: string, options: Options = {}) =>
  ({
    name,
    label,
    kind: 'phone',
    autoComplete: 'tel',
    hint: 'For example +91 98110 12345',
    ...options,
  }) satisfies FieldDefinition<Name>;

/** A few lines of free text; `missing` asks for it in words that fit the form. */
const message = <Name extends string>(name: Name, label: string, missing: string, hint?: string) =>
  ({ name, label, kind: 'message', autoComplete: 'off', missing, hint }) satisfies FieldDefinition<Name>;

/** The hint the Join and List forms have always shown. */
const MOBILE_HINT = { hint: 'For example +91 9xxxx-9xxxx' };

export const POPUP_FIELDS = [text('name', 'Name', 'name'), email('email'), phone('phone', 'Phone')] as const;

/** What the visitor is looking for, with an example in the words of the page's buyers. */
const requirement = (hint: string) =>
  message('remark', 'Your requirement', 'Please tell us what you are looking for.', hint);

export const PROJECT_LEAD_FIELDS = [
  text('name', 'Full Name', 'name'),
  email('email'),
  phone('phone', 'Phone'),
  requirement('For example 2 BHK or 3 BHK, budget, when you plan to buy'),
] as const;

/** A tenant page's lead form: the project pages' fields, the example in an investor's terms. */
export const PRE_RENTED_LEAD_FIELDS = [
  ...PROJECT_LEAD_FIELDS.slice(0, 3),
  requirement('For example your budget, the yield you look for, when you plan to buy'),
] as const;

export const APPOINTMENT_FIELDS = [
  text('project', 'Project'),
  text('name', 'Name', 'name'),
  email('email', { half: true }),
  phone('phone', 'Phone', { half: true }),
  {
    name: 'appointmentDate',
    label: 'Preferred date',
    kind: 'date',
    autoComplete: 'off',
    missing: 'Please choose a date for your visit.',
  } satisfies FieldDefinition<'appointmentDate'>,
  text('budget', 'Budget (in crore)', 'off', {
    hint: 'For example 2.5',
    half: true,
    missing: 'Please enter your budget in crore.',
  }),
  text('bhk', 'BHK', 'off', {
    hint: 'For example 3 BHK',
    half: true,
    missing: 'Please enter the number of bedrooms (BHK).',
  }),
  message('remark', 'Remarks', 'Please add a remark, for example a preferred time of day.'),
] as const;

export const PROJECT_CONTACT_FIELDS = [
  text('firstName', 'First name', 'given-name', { half: true }),
  text('lastName', 'Last name', 'family-name', { half: true }),
  email('email', { half: true }),
  phone('phone', 'Phone', { half: true }),
  message('message', 'Message', 'Please write a message, for example which unit size interests you.'),
] as const;

/** Contact Us, sent through EmailJS: the names are the template's variables. */
export const CONTACT_FIELDS = [
  text('user_name', 'Name', 'name'),
  email('user_email', { half: true }),
  phone('user_mobile', 'Mobile', { half: true }),
  message('message', 'Message', 'Please write a message so we know how to help.'),
] as const;

export const JOIN_FIELDS = [
  text('user_name', 'Name', 'name'),
  email('user_email', { half: true }),
  phone('user_mobile', 'Mobile', { ...MOBILE_HINT, half: true }),
  text('user_years', 'Experience (years)', 'off', {
    hint: 'Years in real-estate sales, for example 3',
    missing: 'Please enter your years of experience (0 is fine).',
  }),
] as const;

export const LIST_FIELDS = [
  text('user_name', 'Name', 'name', { half: true }),
  phone('user_mobile', 'Mobile', { ...MOBILE_HINT, half: true }),
  message(
    'message',
    'About your property',
    'Please tell us about the property you want to list.',
    'Location, size, type (office, retail, home), rent or price expected',
  ),
] as const;

/** Hidden subjects EmailJS templates print in the email's subject line. */
export const CONTACT_SUBJECT = 'New enquiry from the website contact form';
export const LIST_SUBJECT = 'Want to list my property on your website';

export function emptyValues<Fields extends readonly FieldDefinition[]>(
  fields: Fields,
  preset: Partial<FormValues<Fields>> = {},
): FormValues<Fields> {
  return Object.fromEntries(
    fields.map((field) => [field.name, (preset as Record<string, string | undefined>)[field.name] ?? '']),
  ) as FormValues<Fields>;
}
