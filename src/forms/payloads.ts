/**
 * What each lead form posts to the lead service's /addLead, field by field, and what an EmailJS
 * form delivers. Pure: the caller passes the moment of sending.
 */
import type {
  APPOINTMENT_FIELDS,
  FieldDefinition,
  FormValues,
  POPUP_FIELDS,
  PROJECT_CONTACT_FIELDS,
  PROJECT_LEAD_FIELDS,
} from './definitions';
import type { AppointmentLead, PopupLead, ProjectLead } from '../schema/lead';
import type { EmailForm } from './config';
import { indiaTimestamp } from './india-time';
import type { Payload } from './outbox';

/** Every lead from this site is tagged so the lead service can tell where it came from. */
const DATA_SOURCE = 'Website';
/** The pop-up is on every page, so its leads name no project. */
const NO_PROJECT = '-';
/** The appointment form's project, which the visitor may change. */
export const APPOINTMENT_PROJECT = 'Paras Floret';

function trimmed<Fields extends readonly FieldDefinition[]>(values: FormValues<Fields>): FormValues<Fields> {
  return Object.fromEntries(
    Object.entries<string>(values).map(([key, value]) => [key, value.trim()]),
  ) as FormValues<Fields>;
}

export function popupLead(values: FormValues<typeof POPUP_FIELDS>, now: Date): PopupLead {
  const { name, email, phone } = trimmed(values);
  return {
    name,
    email,
    phone,
    data_source: DATA_SOURCE,
    dateOfLead: indiaTimestamp(now),
    project: NO_PROJECT,
  };
}

export function projectLead(
  values: FormValues<typeof PROJECT_LEAD_FIELDS>,
  projectName: string,
  now: Date,
): ProjectLead {
  const { name, email, phone, remark } = trimmed(values);
  return {
    name,
    email,
    phone,
    remark,
    data_source: DATA_SOURCE,
    dateOfLead: indiaTimestamp(now),
    project: projectName,
  };
}

export function appointmentLead(values: FormValues<typeof APPOINTMENT_FIELDS>, now: Date): AppointmentLead {
  const { project, name, email, phone, appointmentDate, budget, bhk, remark } = trimmed(values);
  return {
    data_source: DATA_SOURCE,
    dateOfLead: indiaTimestamp(now),
    project,
    name,
    email,
    phone,
    appointmentDate,
    budget,
    bhk,
    remark,
  };
}

/** The project page's contact form, sent as a lead naming the project; its message becomes the remark. */
export function projectContactLead(
  values: FormValues<typeof PROJECT_CONTACT_FIELDS>,
  projectName: string,
  now: Date,
): ProjectLead {
  const { firstName, lastName, email, phone, message } = trimmed(values);
  return {
    name: `${firstName} ${lastName}`,
    email,
    phone,
    remark: message,
    data_source: DATA_SOURCE,
    dateOfLead: indiaTimestamp(now),
    project: projectName,
  };
}

export type { Lead } from '../schema/lead';

/**
 * The WhatsApp message offered when sending fails: the greeting, then what
 * the visitor typed, so nothing has to be typed twice.
 */
export function chatText<Fields extends readonly FieldDefinition[]>(
  greeting: string,
  fields: Fields,
  values: FormValues<Fields>,
): string {
  const lines = fields
    .map((field) => [field.label, (values as Record<string, string>)[field.name]?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label}: ${value}`);
  return [greeting, ...lines].join('\n');
}

/** What an EmailJS form delivers: its named fields as the browser would post them. */
export function emailPayload(form: EmailForm, element: HTMLFormElement): Payload {
  const fields: Record<string, string> = {};
  new FormData(element).forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return { kind: 'email', form, fields };
}
