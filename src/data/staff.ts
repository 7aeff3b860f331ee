/**
 * What the staff console shows of the API's data: times in India time, and
 * the links to reach a lead. The console's components render these, never
 * format in JSX.
 */
import type { InboxFilter, LeadRow, LeadStatus } from '../schema/staff';
import { InboxFilterSchema } from '../schema/staff';
import { chatLink, mailLink, telLink } from './links';

const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

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

/**
 * The number wa.me wants: country code and digits. A ten-digit Indian mobile (written
 * 98110 12345, 098110 12345 or +91 98110 12345) gets 91; a number with + keeps its own code.
 */
function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 ? digits : null;
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `91${digits.slice(1)}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return digits;
  return null;
}

/** The first WhatsApp message to a lead, naming the project they asked about. */
function greetingText(lead: Pick<LeadRow, 'name' | 'project'>, from: string): string {
  const about = projectOf(lead);
  const first = lead.name.trim().split(/\s+/)[0] ?? '';
  return `Hello ${first}, this is ${from}. Thank you for your enquiry${about ? ` about ${about}` : ''}. When would be a good time to talk?`;
}

/** Call, WhatsApp and email addresses for a lead; a missing or unusable contact gives null. */
export function contactLinks(lead: Pick<LeadRow, 'name' | 'project' | 'phone' | 'email'>, from: string) {
  const chat = whatsappNumber(lead.phone);
  return {
    call: lead.phone.trim() === '' ? null : telLink(lead.phone),
    whatsapp: chat === null ? null : chatLink(chat, greetingText(lead, from)),
    email: lead.email.trim() === '' ? null : mailLink(lead.email),
  };
}
