import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PublishConflictSchema, type CellConflict, type ConflictChoice, type HistoryEntry } from '../../schema/staff-sheets';
import { ApiError } from '../api';
import { sheetsClient } from './sheets-client';
import { PUBLISH_KEY } from './use-publish-running';
import styles from './PublishPanel.module.css';

/**
 * Preview and Publish for a checked draft: Preview builds the whole site as it
 * will be and lists the pages that change, each opening in the preview; Publish
 * says what will change and asks once, then puts the draft live with a
 * one-line description for the history.
 * - `draftId`: the draft; null while a problem stops it (Publish is refused).
 * - `choices`, `open`: the member's choices for conflicting cells, and how many are not chosen yet.
 * - `summary`: the rows that change, in words.
 * - `onPublished`: called with the new history entry.
 * - `onConflicts`: called with the cells colleagues changed too since the upload, when Publish meets them.
 */
export interface PublishPanelProps {
  draftId: string | null;
  choices?: readonly ConflictChoice[];
  open?: number;
  summary: string;
  onPublished: (entry: HistoryEntry) => void;
  onConflicts?: (conflicts: CellConflict[]) => void;
}

/** The cells of Publish's refusal when a colleague's change went live after the upload; null for any other failure. */
function conflictsOf(error: Error): CellConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const refusal = PublishConflictSchema.safeParse(error.body);
  return refusal.success ? refusal.data.conflicts : null;
}

const CHANGE_WORDS = { added: 'new', changed: 'changed', removed: 'removed' } as const;

/** The preview's address of a page: each segment encoded once, as the site's links are. */
const previewHref = (base: string, path: string) =>
  `${base}${path.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;

export function PublishPanel({ draftId, choices = [], open = 0, summary, onPublished, onConflicts }: PublishPanelProps) {
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const messageId = useId();
  const preview = useMutation({ mutationFn: (id: string) => sheetsClient.preview(id, choices) });
  const publish = useMutation({
    mutationKey: PUBLISH_KEY,
    mutationFn: (id: string) => sheetsClient.publish(id, message, choices),
    onSuccess: onPublished,
    onError: (error) => {
      const conflicts = conflictsOf(error);
      if (conflicts !== null) onConflicts?.(conflicts);
    },
    onSettled: () => setConfirming(false),
  });
  const blocked = draftId === null || open > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) setConfirming(true);
  };
  const pages = preview.data ? `; ${preview.data.pages.length} ${preview.data.pages.length === 1 ? 'page' : 'pages'} change` : '';
  return (
    <section className={styles.panel} aria-label="Preview and publish">
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          disabled={blocked || preview.isPending}
          onClick={() => draftId !== null && preview.mutate(draftId)}
        >
          {preview.isPending ? 'Building the preview…' : 'Preview'}
        </button>
        {draftId === null ? (
          <p className={styles.blocked}>Publish is refused until every problem above is put right.</p>
        ) : open > 0 ? (
          <p className={styles.blocked}>
            Choose theirs or yours for {open === 1 ? 'the cell' : `the ${open} cells`} a colleague changed too, then publish.
          </p>
        ) : null}
      </div>
      {preview.error ? <p className={styles.error}>{preview.error.message}</p> : null}
      {preview.data ? (
        <div>
          <h3 className={styles.title}>Pages that change ({preview.data.pages.length})</h3>
          <ul className={styles.pages}>
            {preview.data.pages.map((page) => (
              <li key={page.path}>
                <span className={styles[page.change]}>{CHANGE_WORDS[page.change]}</span>{' '}
                {page.change === 'removed' ? (
                  page.path
                ) : (
                  <a href={previewHref(preview.data.base, page.path)} target="_blank" rel="noopener">
                    {page.path}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={messageId}>What does this change do? (for the history)</label>
        <input
          id={messageId}
          value={message}
          maxLength={200}
          required
          placeholder="e.g. SBI Bank rent from December"
          onChange={(event) => setMessage(event.target.value)}
        />
        <button type="submit" className={styles.primary} disabled={blocked || publish.isPending || confirming}>
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
      </form>
      {confirming && draftId !== null ? (
        <div role="alertdialog" aria-labelledby={`${messageId}-confirm`} className={styles.confirm}>
          <p id={`${messageId}-confirm`}>
            Publish “{message.trim()}”? {summary}
            {pages}. The website shows it a few seconds after.
          </p>
          <div className={styles.row}>
            <button type="button" className={styles.primary} disabled={publish.isPending} onClick={() => publish.mutate(draftId)}>
              {publish.isPending ? 'Publishing…' : 'Publish now'}
            </button>
            <button type="button" className={styles.secondary} disabled={publish.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {publish.isPending ? (
        <p className={styles.going}>
          Publishing takes a minute or two. It goes on if you leave this page or sign out: its entry appears under
          History once it is live.
        </p>
      ) : null}
      {publish.error ? (
        <p role="alert" className={styles.error}>
          {conflictsOf(publish.error) === null
            ? publish.error.message
            : 'Not published: a colleague’s change went live meanwhile in cells you changed too. Choose theirs or yours for each above, then publish again.'}
        </p>
      ) : null}
    </section>
  );
}
