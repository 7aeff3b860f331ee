import { useState } from 'react';
import { STAFF_ROLES } from '../../schema/staff';
import type { StaffMember, StaffRole } from '../../schema/staff';
import { Notice } from '../components/Notice';
import { useMe } from '../queries/use-me';
import { RemoveMemberDialog } from '../components/RemoveMemberDialog';
import { useAddMember, useChangeRole, useMembers } from '../queries/use-members';
import styles from './TeamScreen.module.css';

/** Each role with what it may do, as the Staff screen names it. */
const ROLE_WORDS: Record<StaffRole, string> = {
  admin: 'admin: everything',
  publisher: 'publisher: sheets and leads',
  sales: 'sales: leads only',
};

const ROLE_OPTIONS = STAFF_ROLES.map((role) => (
  <option key={role} value={role}>
    {ROLE_WORDS[role]}
  </option>
));

/** Everyone who may sign in; an admin adds and removes them, and changes their role, here. */
export function TeamScreen() {
  const me = useMe();
  const members = useMembers();
  const add = useAddMember();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const changeRole = useChangeRole();
  const [draft, setDraft] = useState({ email: '', name: '', role: 'sales' as StaffRole });

  if (members.isPending) return <Notice>Loading the staff…</Notice>;
  if (members.isError) return <Notice tone="error">{members.error.message}</Notice>;
  const problem = add.error ?? changeRole.error;
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">Staff</h1>
      <ul className={styles.list}>
        {members.data.map((member) => (
          <li key={member.id} className={styles.member}>
            <span>
              <strong>{member.name}</strong> <span className={styles.email}>{member.email}</span>
            </span>
            {member.id === me.data?.id ? (
              <span className={styles.role}>{ROLE_WORDS[member.role]}</span>
            ) : (
              <label className={styles.role}>
                <span className="visually-hidden">Role of {member.name}</span>
                <select
                  value={member.role}
                  disabled={changeRole.isPending}
                  onChange={(e) =>
                    changeRole.mutate({ email: member.email, role: e.target.value as StaffRole })
                  }
                >
                  {ROLE_OPTIONS}
                </select>
              </label>
            )}
            {member.id === me.data?.id ? null : (
              <button type="button" className={styles.remove} onClick={() => setRemoving(member)}>
                Remove <span className="visually-hidden">{member.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {removing === null ? null : (
        <RemoveMemberDialog
          member={removing}
          others={members.data.filter((other) => other.id !== removing.id)}
          onClose={() => setRemoving(null)}
        />
      )}
      <h2>Add a member</h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(draft, { onSuccess: () => setDraft({ email: '', name: '', role: 'sales' }) });
        }}
      >
        <label>
          <span>Name</span>
          <input required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label>
          <span>Work email</span>
          <input
            type="email"
            required
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
        </label>
        <label>
          <span>Role</span>
          <select
            value={draft.role}
            onChange={(e) => setDraft({ ...draft, role: e.target.value as StaffRole })}
          >
            {ROLE_OPTIONS}
          </select>
        </label>
        <button type="submit" className={styles.add} disabled={add.isPending}>
          Add member
        </button>
      </form>
      {problem === null ? null : (
        <p role="alert" className={styles.problem}>
          {problem.message}
        </p>
      )}
    </section>
  );
}
