/**
 * The staff console's API, request and response: the lead service checks what
 * arrives and the console checks what it reads with these same schemas.
 */
import { z } from 'zod';
import { isDay, isEmail } from './contact';

/**
 * What a member may do: an admin everything (staff, roles, the audit log, restoring the site); a
 * publisher the sheets (publish, undo) and the leads; sales the leads only.
 */
export const STAFF_ROLES = ['admin', 'publisher', 'sales'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: `must be ${STAFF_ROLES.join(', ')}` });
export type StaffRole = z.output<typeof StaffRoleSchema>;

/** The roles that may change the website's sheets. */
export const SHEET_ROLES: readonly StaffRole[] = ['admin', 'publisher'];

/** What a member who is not an admin is told by an admin's door (the API's 403, the console's screen). */
export const ADMIN_REFUSAL = 'Only an admin may do this. Ask an admin of the staff console.';
/** What sales staff are told by the sheets' doors. */
export const SHEET_REFUSAL =
  'Only an admin or a publisher may change the website’s sheets; sales staff work the leads. Ask an admin to change your role if you need to.';

/** An admin changing a member's role (the console's Staff screen). */
export const RoleChangeSchema = z.object({ role: StaffRoleSchema });

const email = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .refine(isEmail, 'must be an email address such as name@example.com');

/** A member of staff as the console shows them. */
export const StaffMemberSchema = z.object({
  id: z.string(),
  /** Their work address: where sign-in codes go. */
  email: z.string(),
  /** Their name, shown as a lead's owner and in the audit log. */
  name: z.string(),
  role: StaffRoleSchema,
});
export type StaffMember = z.output<typeof StaffMemberSchema>;

/** Adding a member (the console's Staff screen and `npm run staff -- add`). */
export const NewStaffMemberSchema = z.object({
  email,
  name: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(120, 'must be at most 120 characters'),
  role: StaffRoleSchema,
});
export type NewStaffMember = z.output<typeof NewStaffMemberSchema>;

export const StaffListSchema = z.array(StaffMemberSchema);

/** One line of the audit log. */
const AuditEntrySchema = z.object({
  id: z.string(),
  /** ISO time. */
  at: z.string(),
  actorEmail: z.string(),
  actorName: z.string(),
  /** What was done: `signed-in`, `lead-updated`, `staff-added`, `staff-removed`… */
  action: z.string(),
  /** What it was done to: a lead's id, a member's email. */
  subject: z.string(),
  /** The lead's or member's name, when the subject is one still stored. */
  subjectName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next, older page; null on the last one. */
  next: z.string().nullable(),
});

/** The audit log's filters: who appears in it, and its kinds of action. */
export const AuditChoicesSchema = z.object({
  actors: z.array(z.object({ email: z.string(), name: z.string() })),
  actions: z.array(z.string()),
});

/** Why the API refused a request, in words for the person using the console. */
export const ApiProblemSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Where an enquiry stands with the sales team. */
export const LEAD_STATUSES = ['new', 'contacted', 'site-visit', 'won', 'lost', 'spam'] as const;
const LeadStatusSchema = z.enum(LEAD_STATUSES, {
  error: `must be one of ${LEAD_STATUSES.join(', ')}`,
});
export type LeadStatus = z.output<typeof LeadStatusSchema>;

/**
 * `2026-11-25`: a calendar day in India. One check, not a pattern and then Date.parse: that
 * takes 2030-02-30 for 2 March, which PostgreSQL then refuses (a 500, not a 400).
 */
const day = z.string().refine(isDay, 'must be a real day written YYYY-MM-DD');

export const FOLLOW_UP_VIEWS = ['today', 'overdue'] as const;
export const LEAD_SORTS = ['received', 'oldest', 'follow-up'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
/** Statuses of leads still being worked: follow-ups of the others are not due. */
export const OPEN_STATUSES = ['new', 'contacted', 'site-visit'] as const satisfies readonly LeadStatus[];

/** `none` in the owner filter: enquiries nobody has taken yet. */
export const NO_OWNER = 'none';

/**
 * The inbox's filter, as the console's address and the API's query string both carry it:
 * every field is optional, and an empty one means "any".
 */
export const InboxFilterSchema = z.object({
  status: LeadStatusSchema.optional(),
  /** A member's id, or `none`. */
  owner: z.string().max(100).optional(),
  project: z.string().max(300).optional(),
  /** popup, project or appointment (leads); contact, join or list (messages). */
  form: z.string().max(40).optional(),
  /** Received on or after this day (India time). */
  from: day.optional(),
  /** Received on or before this day (India time). */
  to: day.optional(),
  /**
   * Part of a name, email address, requirement or note, or of a phone number however it is
   * written (+91, a leading 0, spaces, dashes).
   */
  q: z.string().trim().max(200).optional(),
  /** Follow-ups due: `today` (India time), or `overdue` (before today), of leads still open. */
  due: z.enum(FOLLOW_UP_VIEWS, { error: `must be ${FOLLOW_UP_VIEWS.join(' or ')}` }).optional(),
  /** `received` (newest first, the default), `oldest` first, or by `follow-up` date, soonest first. */
  sort: z.enum(LEAD_SORTS, { error: `must be one of ${LEAD_SORTS.join(', ')}` }).optional(),
});
export type InboxFilter = z.output<typeof InboxFilterSchema>;

/** How many open leads' follow-ups are due today and overdue (India time), for the navigation. */
export const DueCountsSchema = z.object({ today: z.number().int(), overdue: z.number().int() });

/** The projects enquiries name, for the inbox's Project list, with how many name each. */
export const ProjectListSchema = z.array(z.object({ project: z.string(), count: z.number().int() }));

/** One enquiry as the inbox lists it. */
const LeadRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['lead', 'message']),
  form: z.string(),
  /** ISO time. */
  receivedAt: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  project: z.string(),
  page: z.string().nullable(),
  utm: z.record(z.string(), z.string()).nullable(),
  /**
   * The sales team's email about it: sent over SMTP, printed in the service's output (a service
   * without SMTP, as the quick start runs), or waiting in the outbox.
   */
  salesEmail: z.enum(['sent', 'printed', 'waiting']),
  status: LeadStatusSchema,
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** YYYY-MM-DD, or null. */
  followUp: z.string().nullable(),
  /** What the visitor asked for (a lead's requirement, a message's words): its first 300 characters. */
  requirement: z.string(),
  /** Send it back with a change: a change based on an older version is refused. */
  version: z.number().int(),
});
export type LeadRow = z.output<typeof LeadRowSchema>;

export const LeadPageSchema = z.object({
  leads: z.array(LeadRowSchema),
  /** Pass as `after` for the next, older page; null on the last one. */
  next: z.string().nullable(),
  /** How many enquiries the filter matches in all. */
  total: z.number().int(),
});

export const LeadNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  body: z.string(),
});
export type LeadNote = z.output<typeof LeadNoteSchema>;

/** One thing that happened to a lead, for its timeline. */
const TimelineEventSchema = z.object({
  /** ISO time. */
  at: z.string(),
  kind: z.enum(['received', 'emailed', 'crm', 'status', 'owner', 'follow-up', 'note']),
  /** The member who did it; null for the visitor's enquiry and the service's own sending. */
  who: z.string().nullable(),
  /** What happened, in words (a note's own text). */
  what: z.string(),
});
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

/** A lead with everything stored about it, for its own page. */
export const LeadDetailSchema = LeadRowSchema.extend({
  source: z.string(),
  referrer: z.string().nullable(),
  userAgent: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
  notes: z.array(LeadNoteSchema),
  /** Everything that happened to it, oldest first. */
  timeline: z.array(TimelineEventSchema),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedFields: z.array(z.string()).nullable(),
});
export type LeadDetail = z.output<typeof LeadDetailSchema>;

/** A change to a lead: the fields to set, and the version it was based on. */
export const LeadChangeSchema = z
  .object({
    version: z.number({ error: 'must be the version the change is based on' }).int(),
    status: LeadStatusSchema.optional(),
    /** A member's id; null to leave the lead unowned. */
    ownerId: z.string().max(100).nullable().optional(),
    followUp: day.nullable().optional(),
  })
  .refine(
    (change) => change.status !== undefined || change.ownerId !== undefined || change.followUp !== undefined,
    'must change the status, the owner or the follow-up date',
  );
export type LeadChange = z.output<typeof LeadChangeSchema>;

/** A 409: someone else changed the lead first; `lead` is how it stands now. */
export const LeadConflictSchema = z.object({ error: z.string(), lead: LeadDetailSchema });

export const NewNoteSchema = z.object({
  body: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(5000, 'must be at most 5000 characters'),
});
