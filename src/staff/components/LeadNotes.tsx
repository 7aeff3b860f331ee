import { useState } from 'react';
import { formatIndiaTime } from '../../data/staff';
import type { LeadDetail } from '../../schema/staff';
import { useAddNote } from '../queries/use-leads';
import styles from './LeadNotes.module.css';

/** Who wrote what about the lead, and when; notes are only ever added, so two writers never clash. */
export function LeadNotes({ lead }: { lead: LeadDetail }) {
  const add = useAddNote(lead.id);
  const [body, setBody] = useState('');
  return (
    <section className={styles.notes} aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      {lead.notes.length === 0 ? <p>No notes yet.</p> : null}
      <ol className={styles.list}>
        {lead.notes.map((note) => (
          <li key={note.id}>
            <p className={styles.meta}>
              {note.authorName}, <time dateTime={note.at}>{formatIndiaTime(note.at)}</time>
            </p>
            <p className={styles.body}>{note.body}</p>
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
