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

const PHONE_HINT = 'For example +91 98110 12345';

export const POPUP_FIELDS = [
  { name: 'name', label: 'Name', kind: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'phone', autoComplete: 'tel', hint: PHONE_HINT },
] as const satisfies readonly FieldDefinition[];

export const PROJECT_LEAD_FIELDS = [
  { name: 'name', label: 'Full Name', kind: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'phone', autoComplete: 'tel', hint: PHONE_HINT },
  {
    name: 'remark',
    label: 'Your requirement',
    kind: 'message',
    autoComplete: 'off',
    hint: 'For example 2 BHK or 3 BHK, budget, when you plan to buy',
    missing: 'Please tell us what you are looking for.',
  },
] as const satisfies readonly FieldDefinition[];

export const APPOINTMENT_FIELDS = [
  { name: 'project', label: 'Project', kind: 'text', autoComplete: 'off' },
  { name: 'name', label: 'Name', kind: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email', half: true },
  { name: 'phone', label: 'Phone', kind: 'phone', autoComplete: 'tel', hint: PHONE_HINT, half: true },
  {
    name: 'appointmentDate',
    label: 'Preferred date',
    kind: 'date',
    autoComplete: 'off',
    missing: 'Please choose a date for your visit.',
  },
  {
    name: 'budget',
    label: 'Budget (in crore)',
    kind: 'text',
    autoComplete: 'off',
    hint: 'For example 2.5',
    half: true,
    missing: 'Please enter your budget in crore.',
  },
  {
    name: 'bhk',
    label: 'BHK',
    kind: 'text',
    autoComplete: 'off',
    hint: 'For example 3 BHK',
    half: true,
    missing: 'Please enter the number of bedrooms (BHK).',
  },
  {
    name: 'remark',
    label: 'Remarks',
    kind: 'message',
    autoComplete: 'off',
    missing: 'Please add a remark, for example a preferred time of day.',
  },
] as const satisfies readonly FieldDefinition[];

export const PROJECT_CONTACT_FIELDS = [
  { name: 'firstName', label: 'First name', kind: 'text', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last name', kind: 'text', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email', half: true },
  { name: 'phone', label: 'Phone', kind: 'phone', autoComplete: 'tel', hint: PHONE_HINT, half: true },
  {
    name: 'message',
    label: 'Message',
    kind: 'message',
    autoComplete: 'off',
    missing: 'Please write a message, for example which unit size interests you.',
  },
] as const satisfies readonly FieldDefinition[];

/** Contact Us, sent through EmailJS: the names are the template's variables. */
export const CONTACT_FIELDS = [
  { name: 'user_name', label: 'Name', kind: 'text', autoComplete: 'name' },
  { name: 'user_email', label: 'Email', kind: 'email', autoComplete: 'email', half: true },
  { name: 'user_mobile', label: 'Mobile', kind: 'phone', autoComplete: 'tel', hint: PHONE_HINT, half: true },
  {
    name: 'message',
    label: 'Message',
    kind: 'message',
    autoComplete: 'off',
    missing: 'Please write a message so we know how to help.',
  },
] as const satisfies readonly FieldDefinition[];

export const JOIN_FIELDS = [
  { name: 'user_name', label: 'Name', kind: 'text', autoComplete: 'name' },
  { name: 'user_email', label: 'Email', kind: 'email', autoComplete: 'email', half: true },
  {
    name: 'user_mobile',
    label: 'Mobile',
    kind: 'phone',
    autoComplete: 'tel',
    hint: 'For example +91 9xxxx-9xxxx',
    half: true,
  },
  {
    name: 'user_years',
    label: 'Experience (years)',
    kind: 'text',
    autoComplete: 'off',
    hint: 'Years in real-estate sales, for example 3',
    missing: 'Please enter your years of experience (0 is fine).',
  },
] as const satisfies readonly FieldDefinition[];

export const LIST_FIELDS = [
  { name: 'user_name', label: 'Name', kind: 'text', autoComplete: 'name', half: true },
  {
    name: 'user_mobile',
    label: 'Mobile',
    kind: 'phone',
    autoComplete: 'tel',
    hint: 'For example +91 9xxxx-9xxxx',
    half: true,
  },
  {
    name: 'message',
    label: 'About your property',
    kind: 'message',
    autoComplete: 'off',
    hint: 'Location, size, type (office, retail, home), rent or price expected',
    missing: 'Please tell us about the property you want to list.',
  },
] as const satisfies readonly FieldDefinition[];

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
