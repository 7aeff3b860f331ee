import { useEffect, useId, useRef, useState } from 'react';
import type { StaffMember } from '../../schema/staff';
import { useOpenLeads, useRemoveMember } from '../queries/use-members';
import styles from './RemoveMemberDialog.module.css';

interface Props {
  member: StaffMember;
  /** Everyone who may take over: the staff without `member`. */
  others: StaffMember[];
  onClose: () => void;
}

/**
 * Asks before removing a member and, when they own open leads, who takes those over: the leads
 * always have someone answerable for them, so there is no "nobody" (the admin can pick themself).
 */
export function RemoveMemberDialog({ member, others, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = useOpenLeads(member.email);
  const remove = useRemoveMember();
  const [heir, setHeir] = useState('');
  const count = open.data?.open ?? 0;

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={onClose}>
      <form
        method="dialog"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate({ email: member.email, handOverTo: count > 0 ? heir : '' }, { onSuccess: onClose });
        }}
      >
        <h2 id={titleId}>Remove {member.name}?</h2>
        <p>They are signed out at once and can no longer sign in.</p>
        {open.isPending ? (
          <p role="status">Counting their open leads…</p>
        ) : open.isError ? (
          <p role="alert" className={styles.problem}>
            {open.error.message}
          </p>
        ) : count === 0 ? (
          <p>They own no open leads.</p>
        ) : (
          <label className={styles.field}>
            <span>
              {member.name} owns {count === 1 ? '1 open lead' : `${count} open leads`}. Who takes{' '}
              {count === 1 ? 'it' : 'them'} over?
            </span>
            <select required value={heir} onChange={(event) => setHeir(event.target.value)}>
              <option value="">Choose a member</option>
              {others.map((other) => (
                <option key={other.id} value={other.email}>
                  {other.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {remove.error === null ? null : (
          <p role="alert" className={styles.problem}>
            {remove.error.message}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={styles.remove}
            disabled={open.isPending || open.isError || remove.isPending}
          >
            Remove {member.name}
          </button>
        </div>
      </form>
    </dialog>
  );
}
