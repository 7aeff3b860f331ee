/**
 * An enquiry as the lead service stores it, and the event the team's CRM
 * receives for each new lead through the signed webhook (LEAD_WEBHOOK_URL).
 * The service writes the event from these schemas and a receiver may check
 * what it got against them, so the two cannot drift.
 */
import { z } from 'zod';

const text = z.string();
const optionalText = z.string().nullable();

/** One enquiry, as stored and as `npm run leads --format json` prints it. */
export const StoredEnquirySchema = z.object({
  /** The service's id for the enquiry (a UUID); a CRM can keep it to match later updates. */
  id: z.uuid(),
  /** A lead posted to /addLead, or (quick start only) a message of the three EmailJS forms. */
  kind: z.enum(['lead', 'message']),
  /** Which form: popup, project or appointment for leads; contact, join or list for messages. */
  form: text,
  /** The browser's id for the submission (its Idempotency-Key), the same across its retries. */
  submissionId: optionalText,
  /** When the service stored it (ISO 8601, UTC). */
  receivedAt: z.iso.datetime(),
  /** The visitor's name as typed. */
  name: text,
  /** The visitor's email address, or empty. */
  email: text,
  /** The visitor's phone number as typed, or empty. */
  phone: text,
  /** The project asked about; "-" from the enquiry pop-up, which names none. */
  project: text,
  /** Where the lead came from ("Website"). */
  source: text,
  /** The page's address it was sent from, as the browser told. */
  page: optionalText,
  /** The page the visitor came to the site from. */
  referrer: optionalText,
  /** The campaign tags (utm_source, utm_medium, utm_campaign…) the visitor arrived with. */
  utm: z.record(z.string(), z.string()).nullable(),
  /** The visitor's browser. */
  userAgent: optionalText,
  /** Every field of the form as it arrived (remark, appointmentDate, budget, bhk…). */
  fields: z.record(z.string(), z.string()),
});

/** What a CRM receives for a new lead, in the Standard Webhooks payload shape. */
export const LeadWebhookSchema = z.object({
  /** Always `lead.created`. */
  type: z.literal('lead.created'),
  /** When the lead was stored (ISO 8601, UTC); the same on every try, unlike the webhook-timestamp header. */
  timestamp: z.iso.datetime(),
  /** The lead itself. */
  data: StoredEnquirySchema.omit({ kind: true }),
});
