import { useState } from 'react';
import { formatIndiaTime } from '../../data/staff';
import { Notice } from '../components/Notice';
import type { AuditFilter } from '../queries/use-audit';
import { useAudit, useAuditChoices } from '../queries/use-audit';
import styles from './AuditScreen.module.css';

const kindOf = (action: string) => action.replaceAll('-', ' ');

/** Who did what, newest first, by member and kind of action (admins only). */
export function AuditScreen() {
  const [filter, setFilter] = useState<AuditFilter>({ actor: '', action: '' });
  const audit = useAudit(filter);
  const choices = useAuditChoices();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <form className={styles.filters} aria-label="Filter the audit log">
        <label>
          <span>Member</span>
          <select value={filter.actor} onChange={(e) => setFilter({ ...filter, actor: e.target.value })}>
            <option value="">Everyone</option>
            {(choices.data?.actors ?? []).map((actor) => (
              <option key={actor.email} value={actor.email}>
                {actor.name || actor.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Kind</span>
          <select value={filter.action} onChange={(e) => setFilter({ ...filter, action: e.target.value })}>
            <option value="">Any</option>
            {(choices.data?.actions ?? []).map((action) => (
              <option key={action} value={action}>
                {kindOf(action)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {audit.isPending ? <Notice>Loading the audit log…</Notice> : null}
      {audit.isError ? <Notice tone="error">{audit.error.message}</Notice> : null}
      {audit.isSuccess && entries.length === 0 ? <p>No entries match.</p> : null}
      <ol className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <time dateTime={entry.at} className={styles.time}>
              {formatIndiaTime(entry.at)}
            </time>
            <span>
              <strong>{entry.actorName || entry.actorEmail}</strong> {kindOf(entry.action)}{' '}
              <span className={styles.subject}>{entry.subjectName ?? entry.subject}</span>
            </span>
            {entry.detail === null ? null : (
              <span className={styles.detail}>
                {Object.entries(entry.detail)
                  .map(
                    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
                  )
                  .join(' · ')}
              </span>
            )}
          </li>
        ))}
      </ol>
      {audit.hasNextPage === true ? (
        <button
          type="button"
          className={styles.more}
          onClick={() => void audit.fetchNextPage()}
          disabled={audit.isFetchingNextPage}
        >
          Show older entries
        </button>
      ) : null}
    </section>
  );
}
