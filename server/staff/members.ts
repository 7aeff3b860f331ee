/**
 * The staff list: who may sign in, and as what. `npm run staff`, its local
 * socket and the console's Staff screen all change it through here, and each
 * change goes in the audit log in the same transaction.
 */
import type { NewStaffMember, StaffMember, StaffRole } from '../../src/schema/staff';
import type { Database } from '../db/database';
import type { Actor } from './audit';
import { writeAudit } from './audit';
import { MemberProblem } from './member-problem';
import type { NoticeOptions } from './notices';
import { handOver, openSql } from './notices';

const COLUMNS = 'id, email, name, role';

export function listMembers(db: Database): Promise<StaffMember[]> {
  return db.query<StaffMember>(`SELECT ${COLUMNS} FROM staff_member ORDER BY lower(name), email`);
}

export async function findMember(db: Database, email: string): Promise<StaffMember | undefined> {
  const [member] = await db.query<StaffMember>(`SELECT ${COLUMNS} FROM staff_member WHERE email = $1`, [
    email.trim().toLowerCase(),
  ]);
  return member;
}

export function addMember(db: Database, member: NewStaffMember, actor: Actor): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    // Their address is proven by the code or link they sign in with; better-auth must not
    // treat them as an unproven account (it would refuse the sign-in).
    const [added] = await tx.query<StaffMember>(
      `INSERT INTO staff_member (id, email, name, role, "emailVerified") VALUES (gen_random_uuid()::text, $1, $2, $3, true)
       ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
      [member.email, member.name, member.role],
    );
    if (added === undefined) throw new MemberProblem(`${member.email} is already a member of staff.`, 409);
    await writeAudit(tx, actor, 'staff-added', added.email, { name: added.name, role: added.role });
    return added;
  });
}

/**
 * Changes one of a member's columns (an admin's change: members change neither their own name nor
 * their role), recording the value it replaces in the audit log.
 */
function changeMember<K extends 'name' | 'role'>(
  db: Database,
  email: string,
  column: K,
  value: StaffMember[K],
  actor: Actor,
  action: string,
): Promise<StaffMember> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [before] = await tx.query<Pick<StaffMember, K>>(
      `SELECT ${column} FROM staff_member WHERE email = $1 FOR UPDATE`,
      [address],
    );
    if (before === undefined) throw new MemberProblem(`${email} is not a member of staff.`, 404);
    const [changed] = await tx.query<StaffMember>(
      `UPDATE staff_member SET ${column} = $2, "updatedAt" = now() WHERE email = $1 RETURNING ${COLUMNS}`,
      [address, value],
    );
    if (changed === undefined) throw new MemberProblem(`${email} is not a member of staff.`, 404);
    await writeAudit(tx, actor, action, changed.email, { from: before[column], to: changed[column] });
    return changed;
  });
}

/** Gives a member another name: what colleagues, the history and the audit log show. */
export function renameMember(db: Database, email: string, name: string, actor: Actor): Promise<StaffMember> {
  return changeMember(db, email, 'name', name, actor, 'staff-renamed');
}

/** How many open leads a member owns: removing them asks who takes these over. */
export async function openLeadCount(db: Database, email: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM enquiries e JOIN staff_member m ON m.id = e.owner_id
      WHERE m.email = $1 AND ${openSql('e.')}`,
    [email.trim().toLowerCase()],
  );
  return row?.n ?? 0;
}

/**
 * Removes a member. Their open leads go to the member whose email is `handOverTo`, in the same
 * transaction, each change audited and the new owner emailed once with the list (unless they
 * removed the member themselves); without a `handOverTo`, a member with open leads is not removed.
 * Closed leads keep no owner. Their sessions go with them (ON DELETE CASCADE), so their cookie
 * stops working at once, and so do the codes and links they were sent: one must not outlive the
 * removal, and work again were they added back.
 */
export async function removeMember(
  db: Database,
  email: string,
  actor: Actor,
  handOverTo?: string,
  notices?: NoticeOptions,
): Promise<StaffMember> {
  const address = email.trim().toLowerCase();
  const result = await db.transaction(async (tx) => {
    const [leaving] = await tx.query<StaffMember>(
      `SELECT ${COLUMNS} FROM staff_member WHERE email = $1 FOR UPDATE`,
      [address],
    );
    if (leaving === undefined) throw new MemberProblem(`${email} is not a member of staff.`, 404);
    const takeOver = handOverTo?.trim().toLowerCase();
    const [heir] =
      takeOver === undefined || takeOver === address
        ? []
        : await tx.query<StaffMember>(`SELECT ${COLUMNS} FROM staff_member WHERE email = $1 FOR SHARE`, [
            takeOver,
          ]);
    if (takeOver !== undefined && heir === undefined)
      throw new MemberProblem(
        takeOver === address
          ? `${leaving.name} cannot take over their own leads: choose someone who stays.`
          : `${handOverTo} is not a member of staff: choose who takes over from the list.`,
        409,
      );
    const handed =
      heir === undefined
        ? []
        : await handOver(tx, leaving.id, heir, actor, leaving.name, notices?.origin ?? '');
    const [{ n: open } = { n: 0 }] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enquiries WHERE owner_id = $1 AND ${openSql()}`,
      [leaving.id],
    );
    if (open > 0)
      throw new MemberProblem(
        `${leaving.name} owns ${open === 1 ? '1 open lead' : `${open} open leads`}: choose who takes them over.`,
        409,
      );
    for (const id of handed)
      await writeAudit(tx, actor, 'lead-updated', id, {
        ownerId: heir?.id,
        ownerName: heir?.name,
        handedOverFrom: leaving.name,
      });
    await tx.query('DELETE FROM staff_member WHERE id = $1', [leaving.id]);
    // A code is kept under "<type>-otp-<email>", a link under its hashed token with the email in its value.
    await tx.query(
      `DELETE FROM staff_verification
        WHERE right(identifier, length($1) + 5) = '-otp-' || $1
           OR CASE WHEN identifier LIKE 'magic-link:%' THEN value::jsonb ->> 'email' END = $1`,
      [leaving.email],
    );
    await writeAudit(tx, actor, 'staff-removed', leaving.email, {
      name: leaving.name,
      role: leaving.role,
      ...(heir === undefined ? {} : { handedOverTo: heir.name, openLeads: handed.length }),
    });
    return { leaving, handed: handed.length };
  });
  if (result.handed > 0) notices?.kick();
  return result.leaving;
}

/** Changes what a member may do. */
export function changeRole(db: Database, email: string, role: StaffRole, actor: Actor): Promise<StaffMember> {
  return changeMember(db, email, 'role', role, actor, 'staff-role-changed');
}
