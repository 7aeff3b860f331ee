import { useState } from 'react';
import { FORM_LABELS, STATUS_LABELS, searchFromFilter } from '../../data/staff';
import type { InboxFilter, StaffMember } from '../../schema/staff';
import { LEAD_STATUSES, NO_OWNER } from '../../schema/staff';
import styles from './LeadFilters.module.css';

interface Props {
  filter: InboxFilter;
  members: readonly StaffMember[];
  onChange: (filter: InboxFilter) => void;
}

/** The inbox's filter: applied to the address on submit, so a filtered view can be shared. */
export function LeadFilters({ filter, members, onChange }: Props) {
  // On a phone the fields beyond the search fold away, so the leads come first; open when in use.
  const narrowed = Object.entries(filter).some(([key, value]) => key !== 'q' && value !== undefined);
  const [open, setOpen] = useState(narrowed);
  return (
    <form
      key={searchFromFilter(filter)}
      className={styles.filters}
      aria-label="Filter the leads"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = data.get(name);
          return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
        };
        onChange({
          q: text('q'),
          status: text('status') as InboxFilter['status'],
          owner: text('owner'),
          project: text('project'),
          form: text('form'),
          from: text('from'),
          to: text('to'),
        });
      }}
    >
      <label className={styles.search}>
        <span>Search name, phone or email</span>
        <input type="search" name="q" defaultValue={filter.q ?? ''} />
      </label>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="lead-filter-fields"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Fewer filters' : 'More filters'}
      </button>
      <div id="lead-filter-fields" className={styles.more} data-open={open}>
        <label>
          <span>Show status</span>
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">Any</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Owned by</span>
          <select name="owner" defaultValue={filter.owner ?? ''}>
            <option value="">Anyone</option>
            <option value={NO_OWNER}>Nobody yet</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Project</span>
          <input name="project" defaultValue={filter.project ?? ''} />
        </label>
        <label>
          <span>Form</span>
          <select name="form" defaultValue={filter.form ?? ''}>
            <option value="">Any</option>
            {Object.entries(FORM_LABELS).map(([form, label]) => (
              <option key={form} value={form}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Received from</span>
          <input type="date" name="from" defaultValue={filter.from ?? ''} />
        </label>
        <label>
          <span>Received to</span>
          <input type="date" name="to" defaultValue={filter.to ?? ''} />
        </label>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.apply}>
          Apply filters
        </button>
        <button type="button" className={styles.clear} onClick={() => onChange({})}>
          Clear
        </button>
      </div>
    </form>
  );
}
