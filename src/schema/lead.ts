/**
 * The leads the site's forms post to the lead service's /addLead, field by
 * field. The forms build them (src/forms/payloads.ts) and the lead service
 * validates what arrives with these same schemas, so the two cannot drift.
 * Every value is text, as the lead service has always received it.
 */
import { z } from 'zod';
import { isDay, isEmail, isPhone, PHONE_ACCEPTED } from './contact';

/** Longest name, email, phone, project or source the service stores. */
const SHORT_MAX = 300;
/** Longest free-text remark. */
const LONG_MAX = 5000;

/** `2026-11-22T14:05:09+05:30`: a moment written with its time-zone offset, as `indiaTimestamp` writes it. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const filled = (max: number) =>
  z
    .string({ error: 'must be text' })
    .refine((value) => value.trim() !== '', 'must not be empty')
    .refine((value) => value.length <= max, `must be at most ${max} characters`);

const LeadFields = {
  /** The visitor's name as typed (the project contact form joins first and last name). */
  name: filled(SHORT_MAX),
  /** The visitor's email address. */
  email: filled(SHORT_MAX).refine(isEmail, 'must be an email address such as name@example.com'),
  /** The visitor's phone number as typed: an Indian mobile or landline with its STD code, or + and a country code. */
  phone: filled(SHORT_MAX).refine(isPhone, `must be ${PHONE_ACCEPTED}`),
  /** Where the lead came from; always "Website" from this site. */
  data_source: filled(SHORT_MAX),
  /** When the visitor first submitted, India time (`2026-11-22T14:05:09+05:30`); kept across retries. */
  dateOfLead: z
    .string({ error: 'must be text' })
    .refine(
      (value) => TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)),
      'must be a date and time such as 2026-11-22T14:05:09+05:30',
    ),
  /** The project the visitor asked about; "-" from the enquiry pop-up, which names none. */
  project: filled(SHORT_MAX),
};

/** The enquiry pop-up on every page: name, email and phone. */
const PopupLeadSchema = z.object(LeadFields);

/** A project page's lead or contact form: also what the visitor is looking for. */
const ProjectLeadSchema = z.object({
  ...LeadFields,
  /** What the visitor wrote: the requirement (2 or 3 BHK, budget…) or the contact form's message. */
  remark: filled(LONG_MAX),
});

/** The appointment form: a site visit on a chosen day. */
const AppointmentLeadSchema = z.object({
  ...LeadFields,
  /** The day the visitor would like to visit, yyyy-mm-dd. */
  appointmentDate: z.string({ error: 'must be text' }).refine(isDay, 'must be a day written yyyy-mm-dd'),
  /** Budget in crore, as typed (free text such as 2.5). */
  budget: filled(SHORT_MAX),
  /** Bedrooms wanted, as typed (free text such as 3 BHK). */
  bhk: filled(SHORT_MAX),
  /** Anything else, such as a preferred time of day. */
  remark: filled(LONG_MAX),
});

export type PopupLead = z.output<typeof PopupLeadSchema>;
export type ProjectLead = z.output<typeof ProjectLeadSchema>;
export type AppointmentLead = z.output<typeof AppointmentLeadSchema>;
export type Lead = PopupLead | ProjectLead | AppointmentLead;

export const LEAD_SCHEMAS = {
  popup: PopupLeadSchema,
  project: ProjectLeadSchema,
  appointment: AppointmentLeadSchema,
} as const;

/** Which form a lead came from: the forms' payloads differ only in the fields they add. */
export type LeadForm = keyof typeof LEAD_SCHEMAS;

export function leadFormOf(body: Readonly<Record<string, unknown>>): LeadForm {
  if ('appointmentDate' in body) return 'appointment';
  return 'remark' in body ? 'project' : 'popup';
}

/**
 * What any enquiry body must be before its own schema is applied: one flat
 * JSON object of text values (nested objects and arrays are refused, however
 * deep), with no more fields than a form has.
 */
export const FlatFieldsSchema = z
  .record(z.string(), z.string({ error: 'must be text' }))
  .refine((fields) => Object.keys(fields).length <= 40, 'has too many fields');
