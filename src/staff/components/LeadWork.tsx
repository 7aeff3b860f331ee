import { useState } from 'react';
import { STATUS_LABELS } from '../../data/staff';
import type { LeadDetail, LeadStatus } from '../../schema/staff';
import { LEAD_STATUSES } from '../../schema/staff';
import { ApiError } from '../api';
import { useChangeLead } from '../queries/use-leads';
import { useMembers } from '../queries/use-members';
import styles from './LeadWork.module.css';

const valuesOf = (lead: LeadDetail) => ({
  status: lead.status,
  ownerId: lead.ownerId ?? '',
  followUp: lead.followUp ?? '',
});
type Values = ReturnType<typeof valuesOf>;
const sameValues = (a: Values, b: Values) =>
  a.status === b.status && a.ownerId === b.ownerId && a.followUp === b.followUp;

/** Status, owner and follow-up date, saved together against the version they were read at. */
export function LeadWork({ lead }: { lead: LeadDetail }) {
  const members = useMembers();
  const change = useChangeLead(lead.id);
  const shown = valuesOf(lead);
  const [basis, setBasis] = useState({ version: lead.version, values: shown });
  const [draft, setDraft] = useState(shown);
  const edited = !sameValues(draft, basis.values);
  // A newer version (a colleague's change, seen live) replaces what the form shows, unless the
  // member is changing it: then their save is refused with who changed what, never silently lost.
  if (lead.version !== basis.version && !edited) {
    setBasis({ version: lead.version, values: shown });
    setDraft(shown);
  }
  return (
    <form
      className={styles.work}
      aria-label="Work on this lead"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          {
            version: basis.version,
            status: draft.status,
            ownerId: draft.ownerId === '' ? null : draft.ownerId,
            followUp: draft.followUp === '' ? null : draft.followUp,
          },
          {
            onSuccess: (saved) => {
              setBasis({ version: saved.version, values: valuesOf(saved) });
              setDraft(valuesOf(saved));
            },
            // Refused: the form falls back to the lead as it now stands (the 409 brought it).
            onError: (error) => {
              if (error instanceof ApiError && error.status === 409) setDraft(basis.values);
            },
          },
        );
      }}
    >
      <label>
        <span>Status</span>
        <select
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as LeadStatus })}
        >
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Owner</span>
        <select value={draft.ownerId} onChange={(e) => setDraft({ ...draft, ownerId: e.target.value })}>
          <option value="">Nobody yet</option>
          {(members.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Follow-up date</span>
        <input
          type="date"
          value={draft.followUp}
          onChange={(e) => setDraft({ ...draft, followUp: e.target.value })}
        />
      </label>
      <button type="submit" className={styles.save} disabled={change.isPending}>
        Save
      </button>
      {change.isError ? (
        <p role="alert" className={styles.problem}>
          {change.error.message}
        </p>
      ) : null}
      {change.isSuccess ? <p role="status">Saved.</p> : null}
    </form>
  );
}
