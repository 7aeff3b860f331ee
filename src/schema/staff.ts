/**
 * The staff console's API, request and response: the lead service checks what
 * arrives and the console checks what it reads with these same schemas.
 */
import { z } from 'zod';
import { isEmail } from './contact';

/** An admin may also add and remove staff and read the audit log; an editor works the leads. */
export const STAFF_ROLES = ['admin', 'editor'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: `must be ${STAFF_ROLES.join(' or ')}` });
export type StaffRole = z.output<typeof StaffRoleSchema>;

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
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next, older page; null on the last one. */
  next: z.string().nullable(),
});

/** Why the API refused a request, in words for the person using the console. */
export const ApiProblemSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
