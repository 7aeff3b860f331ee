/**
 * What the staff console shows of the API's data: times in India time, and
 * the links to reach a lead. The console's components render these, never
 * format in JSX.
 */
import type { Bar, Numbers } from '../schema/numbers';
import type { InboxFilter, LeadRow, LeadSort, LeadStatus } from '../schema/staff';
import { isEmail, readPhone } from '../schema/contact';
import { InboxFilterSchema } from '../schema/staff';
import { chatLink } from './links';
import { csvField } from './table';

const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** How often the console's inbox asks for new enquiries while it is open. */
export const INBOX_POLL_MS = 10_000;

/** `25 Nov 2026, 10:22 am IST`. */
export function formatIndiaTime(iso: string): string {
  return `${INDIA_TIME.format(new Date(iso))} IST`;
}

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'site-visit': 'Site visit',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

/** The Due today and Overdue views, as the navigation and the filter name them. */
export const DUE_LABELS: Record<NonNullable<InboxFilter['due']>, string> = {
  today: 'Due today',
  overdue: 'Overdue',
};

export const SORT_LABELS: Record<LeadSort, string> = {
  received: 'Received, newest first',
  oldest: 'Received, oldest first',
  'follow-up': 'Follow-up date, soonest first',
};

const DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** `14 Feb 2030`: a follow-up day (YYYY-MM-DD, a day in India) as staff read it. */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

export const SALES_EMAIL_LABELS: Record<LeadRow['salesEmail'], string> = {
  sent: 'Sent',
  printed: 'Not emailed: email is not set up',
  waiting: 'Not yet',
};

/** The forms enquiries come from, as staff call them. */
export const FORM_LABELS: Record<string, string> = {
  popup: 'Enquiry pop-up',
  project: 'Project page',
  appointment: 'Appointment',
  contact: 'Contact message',
  join: 'Join Our Team',
  list: 'List With Us',
};

export const formLabel = (form: string) => FORM_LABELS[form] ?? form;

/** The filter an address's query string carries; anything invalid in it is dropped, not fatal. */
export function filterFromSearch(search: string): InboxFilter {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  for (const key of Object.keys(InboxFilterSchema.shape)) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const field = InboxFilterSchema.shape[key as keyof InboxFilter].safeParse(value);
    if (field.success && field.data !== undefined) filter[key] = field.data;
  }
  return filter as InboxFilter;
}

/** The query string of a filter (no `?`), its keys in a fixed order so equal filters share an address. */
export function searchFromFilter(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(InboxFilterSchema.shape) as (keyof InboxFilter)[]) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params.toString();
}

/** The project an enquiry names, or '' (the pop-up sends "-"). */
export const projectOf = (lead: Pick<LeadRow, 'project'>) => (lead.project === '-' ? '' : lead.project);

export const campaignOf = (lead: Pick<LeadRow, 'utm'>) =>
  Object.entries(lead.utm ?? {})
    .map(([key, value]) => `${key.replace(/^utm_/, '')}: ${value}`)
    .join(', ');

/** The first WhatsApp message to a lead, naming the project they asked about. */
function greetingText(lead: Pick<LeadRow, 'name' | 'project'>, from: string): string {
  const about = projectOf(lead);
  const first = withoutBidi(lead.name).trim().split(/\s+/)[0] ?? '';
  return `Hello ${first}, this is ${from}. Thank you for your enquiry${about ? ` about ${about}` : ''}. When would be a good time to talk?`;
}

/**
 * A mailto: link to one address and nothing else: the address must be one by the forms' rule, and
 * its parts are percent-encoded, so that ? & = in it cannot add cc, bcc, a subject or a body.
 */
function mailtoLink(email: string): string | null {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (!isEmail(address) || at < 1) return null;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/**
 * Call, WhatsApp and email addresses for a lead, each made only from a number or address that
 * the forms' rules accept, written anew from its parts (tel:+919811022334, wa.me/919811022334):
 * nothing a visitor typed reaches an address as they typed it. A landline gets no WhatsApp.
 */
export function contactLinks(lead: Pick<LeadRow, 'name' | 'project' | 'phone' | 'email'>, from: string) {
  const phone = readPhone(lead.phone);
  return {
    call: phone === null ? null : `tel:${phone.e164}`,
    whatsapp:
      phone === null || phone.kind === 'landline'
        ? null
        : chatLink(phone.e164.slice(1), greetingText(lead, from)),
    email: mailtoLink(lead.email),
  };
}

/**
 * Bidirectional controls (embeddings, overrides, isolates and marks): in a visitor's name they
 * can make "Invoice Admin exe.pdf" of other characters. Staff read visitors' text without them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const withoutBidi = (text: string) => text.replace(BIDI_CONTROLS, '');

/** `value` with every text in it, however deep, without bidirectional controls. */
export function withoutBidiDeep<T>(value: T): T {
  if (typeof value === 'string') return withoutBidi(value) as T;
  if (Array.isArray(value)) return value.map(withoutBidiDeep) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [withoutBidi(key), withoutBidiDeep(inner)]),
    ) as T;
  return value;
}

/** One chart of the Numbers screen: its name, what its values count, and its bars. */
export interface Figure {
  id: string;
  title: string;
  /** The heading of the labels' column. */
  by: string;
  /** The heading of the values' column. */
  unit: string;
  /** Bars across (a category axis of names) rather than up (weeks). */
  across: boolean;
  rows: { label: string; value: number | null }[];
}

const weekLabel = (monday: string) => `Week of ${formatDay(monday)}`;

/** The Numbers screen's charts, in the order it shows them. */
export function numbersFigures(numbers: Numbers): Figure[] {
  const counts = (rows: Bar[], label: (text: string) => string = (text) => text) =>
    rows.map((row) => ({ label: label(row.label), value: row.count }));
  return [
    {
      id: 'week',
      by: 'Week',
      title: 'Leads by week',
      unit: 'Leads',
      across: false,
      rows: counts(numbers.weeks, weekLabel),
    },
    {
      id: 'source',
      by: 'Source · campaign',
      title: 'Leads by source and campaign',
      unit: 'Leads',
      across: true,
      rows: counts(numbers.sources),
    },
    {
      id: 'project',
      by: 'Project',
      title: 'Leads by project',
      unit: 'Leads',
      across: true,
      rows: counts(numbers.projects),
    },
    {
      id: 'status',
      by: 'Status',
      title: 'Leads by status',
      unit: 'Leads',
      across: true,
      rows: counts(numbers.statuses, (status) => STATUS_LABELS[status as LeadStatus] ?? status),
    },
    {
      id: 'owner',
      by: 'Owner',
      title: 'Leads by owner',
      unit: 'Leads',
      across: true,
      rows: counts(numbers.owners),
    },
    {
      id: 'first-contact',
      by: 'Week',
      title: 'Median hours to first contact, by week',
      unit: 'Hours',
      across: false,
      rows: numbers.firstContact.weeks.map((week) => ({
        label: weekLabel(week.label),
        value: week.medianHours,
      })),
    },
  ];
}

/** A median time to first contact as a person says it: `40 minutes`, `5.5 hours`. */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (hours >= 1) return `${hours.toLocaleString('en-IN')} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A figure's table as a CSV file for spreadsheets (a name a visitor typed cannot run as a formula). */
export const figureCsv = (figure: Figure) =>
  [
    `${csvField(figure.title)},${csvField(figure.unit)}`,
    ...figure.rows.map((row) => `${csvField(row.label)},${row.value ?? ''}`),
  ].join('\r\n') + '\r\n';
