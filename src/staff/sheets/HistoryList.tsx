import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../schema/staff-sheets';
import { sheetsClient } from './sheets-client';
import { when } from './when';
import styles from './HistoryList.module.css';

/**
 * Every published change, newest first: who, when, their description and the
 * rows it changed; Roll back on each of the last ten not undone yet.
 */
const PUSH_WORDS: Record<HistoryEntry['push']['state'], string | null> = {
  off: null,
  pending: 'waiting to reach the git host',
  pushed: 'on the git host',
  failed: 'not on the git host yet (tried again by itself)',
};

function rowsText(entry: HistoryEntry): string {
  const parts = entry.rows.map(({ sheet, added, removed, changed }) =>
    [
      sheet,
      changed > 0 ? `${changed} changed` : null,
      added > 0 ? `${added} added` : null,
      removed > 0 ? `${removed} removed` : null,
    ]
      .filter((part) => part !== null)
      .join(' '),
  );
  return parts.length > 0 ? parts.join('; ') : entry.files.join(', ');
}

export function HistoryList({ onRolledBack }: { onRolledBack: (entry: HistoryEntry) => void }) {
  const queryClient = useQueryClient();
  const history = useQuery({ queryKey: ['sheets', 'history'], queryFn: ({ signal }) => sheetsClient.history(signal) });
  const rollback = useMutation({
    mutationFn: sheetsClient.rollback,
    onSuccess: async (entry) => {
      await queryClient.invalidateQueries({ queryKey: ['sheets'] });
      onRolledBack(entry);
    },
  });
  if (history.isPending) return <p>Loading the history…</p>;
  if (history.error) return <p className={styles.error}>{history.error.message}</p>;
  if (history.data.length === 0) return <p>Nothing has been published from the console yet.</p>;
  return (
    <>
      {rollback.error ? (
        <p role="alert" className={styles.error}>
          {rollback.error.message}
        </p>
      ) : null}
      <ol className={styles.list}>
        {history.data.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <p className={styles.message}>
              {entry.kind === 'rollback' ? <span className={styles.tag}>Roll back</span> : null} {entry.message}
            </p>
            <p className={styles.meta}>
              {entry.author} · {when(entry.at)} · {rowsText(entry)}
              {PUSH_WORDS[entry.push.state] ? ` · ${PUSH_WORDS[entry.push.state]}` : ''}
              {entry.rolledBackBy ? ' · rolled back' : ''}
            </p>
            {entry.canRollBack ? (
              <button
                type="button"
                className={styles.button}
                disabled={rollback.isPending}
                onClick={() => rollback.mutate(entry.id)}
              >
                {rollback.isPending && rollback.variables === entry.id ? 'Rolling back…' : 'Roll back'}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}
