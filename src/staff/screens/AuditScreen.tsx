import { formatIndiaTime } from '../../data/staff';
import { Notice } from '../components/Notice';
import { useAudit } from '../queries/use-audit';
import styles from './AuditScreen.module.css';

/** Who did what, newest first (admins only). */
export function AuditScreen() {
  const audit = useAudit();
  if (audit.isPending) return <Notice>Loading the audit log…</Notice>;
  if (audit.isError) return <Notice tone="error">{audit.error.message}</Notice>;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      {entries.length === 0 ? <p>Nothing has happened yet.</p> : null}
      <ol className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <time dateTime={entry.at} className={styles.time}>
              {formatIndiaTime(entry.at)}
            </time>
            <span>
              <strong>{entry.actorName || entry.actorEmail}</strong> {entry.action.replaceAll('-', ' ')}{' '}
              <span className={styles.subject}>{entry.subject}</span>
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
      {audit.hasNextPage ? (
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
