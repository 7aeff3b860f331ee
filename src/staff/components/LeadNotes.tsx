import { useState } from 'react';
import { formatIndiaTime } from '../../data/staff';
import type { LeadDetail } from '../../schema/staff';
import { useAddNote } from '../queries/use-leads';
import styles from './LeadNotes.module.css';

/**
 * The lead's timeline: everything that happened to it, oldest first, with who did it, the notes
 * among it; it follows the lead live, a colleague's note or change showing without a reload. A
 * note is only ever added, so two writers never clash.
 */
export function LeadNotes({ lead }: { lead: LeadDetail }) {
  const add = useAddNote(lead.id);
  const [body, setBody] = useState('');
  return (
    <section className={styles.notes} aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline and notes</h2>
      <ol className={styles.list}>
        {lead.timeline.map((event, index) => (
          <li key={`${event.at}-${index}`} data-kind={event.kind}>
            <p className={styles.meta}>
              <time dateTime={event.at}>{formatIndiaTime(event.at)}</time>
              {event.who === null ? null : <>, {event.who}</>}
            </p>
            <p className={event.kind === 'note' ? styles.body : styles.event}>{event.what}</p>
          </li>
        ))}
      </ol>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(body, { onSuccess: () => setBody('') });
        }}
      >
        <label className={styles.field}>
          <span>Note</span>
          <textarea rows={3} required value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        <button type="submit" className={styles.add} disabled={add.isPending}>
          Add note
        </button>
        {add.isError ? (
          <p role="alert" className={styles.problem}>
            {add.error.message}
          </p>
        ) : null}
      </form>
    </section>
  );
}
