import { useState } from 'react';
import { STATUS_LABELS } from '../../data/staff';
import type { LeadDetail, LeadStatus } from '../../schema/staff';
import { LEAD_STATUSES } from '../../schema/staff';
import { useChangeLead } from '../queries/use-leads';
import { useMembers } from '../queries/use-members';
import styles from './LeadWork.module.css';

/** Status, owner and follow-up date, saved together against the version they were read at. */
export function LeadWork({ lead }: { lead: LeadDetail }) {
  const members = useMembers();
  const change = useChangeLead(lead.id);
  const [draft, setDraft] = useState({
    status: lead.status,
    ownerId: lead.ownerId ?? '',
    followUp: lead.followUp ?? '',
  });
  const [basedOn, setBasedOn] = useState(lead.version);
  // A newer version (someone's change, or ours saved) replaces what the form shows.
  if (lead.version !== basedOn) {
    setBasedOn(lead.version);
    setDraft({ status: lead.status, ownerId: lead.ownerId ?? '', followUp: lead.followUp ?? '' });
  }
  return (
    <form
      className={styles.work}
      aria-label="Work on this lead"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate({
          version: lead.version,
          status: draft.status,
          ownerId: draft.ownerId === '' ? null : draft.ownerId,
          followUp: draft.followUp === '' ? null : draft.followUp,
        });
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
