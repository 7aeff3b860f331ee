import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HistoryEntry } from '../../schema/staff-sheets';
import type { Asked } from './ChangeConfirm';
import { ChangeConfirm } from './ChangeConfirm';
import { rowsText } from './rows-text';
import { useMe } from '../queries/use-me';
import { sheetsClient } from './sheets-client';
import { PUBLISH_KEY } from './use-publish-running';
import { when } from './when';
import styles from './HistoryList.module.css';

/**
 * Every published change, newest first: who, when, their description, the
 * rows it changed, and whether it is live. Undo takes back one change's cells
 * (refused, naming the cells, when a later change touched them); Restore (admins)
 * puts the site back as it was right after a change. Each first says what it
 * will change and asks once.
 */
const PUSH_WORDS: Record<HistoryEntry['push']['state'], string | null> = {
  off: null,
  pending: 'waiting to reach the git host',
  pushed: 'on the git host',
  failed: 'not on the git host yet (tried again by itself)',
};

const TAGS: Record<HistoryEntry['kind'], string | null> = {
  publish: null,
  undo: 'Undo',
  restore: 'Restore',
  rollback: 'Roll back',
};




export function HistoryList({ onDone }: { onDone: (entry: HistoryEntry) => void }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const [asked, setAsked] = useState<Asked | null>(null);
  const history = useQuery({ queryKey: ['sheets', 'history'], queryFn: ({ signal }) => sheetsClient.history(signal) });
  const plan = useMutation({
    mutationFn: async ({ kind, entry }: { kind: Asked['kind']; entry: HistoryEntry }) => ({
      kind,
      entry,
      plan: await sheetsClient.plan(kind, entry.id),
    }),
    onSuccess: setAsked,
  });
  const apply = useMutation({
    mutationKey: PUBLISH_KEY,
    mutationFn: ({ kind, entry }: Asked) => (kind === 'undo' ? sheetsClient.undo(entry.id) : sheetsClient.restore(entry.id)),
    onSuccess: async (entry) => {
      setAsked(null);
      await queryClient.invalidateQueries({ queryKey: ['sheets'] });
      onDone(entry);
    },
  });
  if (history.isPending) return <p>Loading the history…</p>;
  if (history.error) return <p className={styles.error}>{history.error.message}</p>;
  if (history.data.length === 0) return <p>Nothing has been published from the console yet.</p>;
  const isAdmin = me.data?.role === 'admin';
  const failure = plan.error ?? apply.error;
  return (
    <>
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure.message}
        </p>
      ) : null}
      {plan.isPending ? <p role="status">Working out what it changes on the website…</p> : null}
      <ol className={styles.list}>
        {history.data.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <p className={styles.message}>
              {TAGS[entry.kind] ? <span className={styles.tag}>{TAGS[entry.kind]}</span> : null} {entry.message}
            </p>
            <p className={styles.meta}>
              {entry.author} · {when(entry.at)} · {rowsText(entry.rows, entry.files)}
              {PUSH_WORDS[entry.push.state] ? ` · ${PUSH_WORDS[entry.push.state]}` : ''}
            </p>
            <p className={entry.live ? styles.live : styles.undone}>{entry.live ? 'Live' : 'Taken back: not on the live site'}</p>
            <div className={styles.actions}>
              {entry.canUndo ? (
                <button type="button" className={styles.button} disabled={plan.isPending || apply.isPending} onClick={() => plan.mutate({ kind: 'undo', entry })}>
                  Undo
                </button>
              ) : null}
              {isAdmin && entry.live ? (
                <button type="button" className={styles.button} disabled={plan.isPending || apply.isPending} onClick={() => plan.mutate({ kind: 'restore', entry })}>
                  Restore the site as it was at {when(entry.at)}
                </button>
              ) : null}
            </div>
            {asked?.entry.id === entry.id ? <ChangeConfirm asked={asked} busy={apply.isPending} onYes={() => apply.mutate(asked)} onNo={() => setAsked(null)} /> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
