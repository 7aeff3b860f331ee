import { useState } from 'react';
import { DUE_LABELS, FORM_LABELS, SORT_LABELS, STATUS_LABELS, searchFromFilter } from '../../data/staff';
import type { InboxFilter, StaffMember } from '../../schema/staff';
import { FOLLOW_UP_VIEWS, LEAD_SORTS, LEAD_STATUSES, NO_OWNER } from '../../schema/staff';
import styles from './LeadFilters.module.css';

interface Props {
  filter: InboxFilter;
  members: readonly StaffMember[];
  /** The projects enquiries name, picked from a list (matched whatever their capitals). */
  projects: readonly string[];
  onChange: (filter: InboxFilter) => void;
}

/** The inbox's filter: applied to the address on submit, so a filtered view can be shared. */
export function LeadFilters({ filter, members, projects, onChange }: Props) {
  // On a phone the fields beyond the search fold away, so the leads come first; open when in use.
  const narrowed = Object.entries(filter).some(
    ([key, value]) => key !== 'q' && key !== 'due' && value !== undefined,
  );
  // A project in the address that no enquiry names any more stays a choice, not silently dropped.
  const choices =
    filter.project === undefined ||
    projects.some((project) => project.toLowerCase() === filter.project?.toLowerCase())
      ? projects
      : [filter.project, ...projects];
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
          due: text('due') as InboxFilter['due'],
          // Newest first is the inbox's own order: the address names only another.
          sort: text('sort') === 'received' ? undefined : (text('sort') as InboxFilter['sort']),
        });
      }}
    >
      <label className={styles.search}>
        <span>Search name, phone, email, requirement or notes</span>
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
          <select
            name="project"
            defaultValue={choices.find((p) => p.toLowerCase() === filter.project?.toLowerCase()) ?? ''}
          >
            <option value="">Any</option>
            {choices.map((project) => (
              <option key={project} value={project}>
                {project}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Follow-up</span>
          <select name="due" defaultValue={filter.due ?? ''}>
            <option value="">Any</option>
            {FOLLOW_UP_VIEWS.map((due) => (
              <option key={due} value={due}>
                {DUE_LABELS[due]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.wide}>
          <span>Sort by</span>
          <select name="sort" defaultValue={filter.sort ?? 'received'}>
            {LEAD_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
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
