import { useState } from 'react';
import type { CellConflict, ConflictChoice, HistoryEntry, UploadResult } from '../../schema/staff-sheets';
import { ConflictChoices } from './ConflictChoices';
import { ProblemGrid } from './ProblemGrid';
import { PublishPanel } from './PublishPanel';
import { RowChanges } from './RowChanges';
import styles from './UploadReview.module.css';

/**
 * What an upload came to: the reason it was refused, or first what needs the
 * member: the cells a colleague changed too (choose theirs or yours), the
 * problems (in a grid of the rows with one), the change as rows; then Preview
 * and Publish. When the sheet was published again after the file was
 * downloaded, it says that both changes are kept and shows the colleague's.
 */
export interface UploadReviewProps {
  fileName: string;
  result: UploadResult;
  onPublished: (entry: HistoryEntry) => void;
}

/** "pre-rented.csv: 1 row changed, 2 added", what Publish asks to confirm. */
function summaryOf(result: Extract<UploadResult, { status: 'checked' }>): string {
  const count = (kind: string) => result.diff.changes.filter((change) => change.change === kind).length;
  const parts = (['changed', 'added', 'removed'] as const)
    .map((kind) => [count(kind), kind] as const)
    .filter(([n]) => n > 0)
    .map(([n, kind]) => `${n} ${n === 1 ? 'row' : 'rows'} ${kind}`);
  return `${result.sheet}: ${parts.length > 0 ? parts.join(', ') : 'pictures only'}`;
}

const sameCell = (a: CellConflict | ConflictChoice, b: CellConflict | ConflictChoice) =>
  a.sheet === b.sheet && a.key === b.key && a.column === b.column;

export function UploadReview({ fileName, result, onPublished }: UploadReviewProps) {
  const [choices, setChoices] = useState<ConflictChoice[]>([]);
  // Those found at upload, then those Publish met: a colleague's change that went live in between.
  const [conflicts, setConflicts] = useState<CellConflict[]>(result.status === 'checked' ? result.conflicts : []);
  if (result.status === 'refused') {
    return (
      <section className={styles.review} aria-labelledby="upload-review-title">
        <h2 id="upload-review-title" className={styles.title}>
          {fileName} was not read
        </h2>
        <p role="alert" className={styles.refused}>
          {result.message}
        </p>
        <p className={styles.note}>Nothing was changed.</p>
      </section>
    );
  }
  const errors = result.problems.filter((problem) => problem.severity === 'error').length;
  const warnings = result.problems.length - errors;
  const summary =
    errors > 0
      ? `${errors} ${errors === 1 ? 'problem' : 'problems'} to put right before it can be published`
      : result.diff.changes.length === 0 && result.draftId === null
        ? 'No changes: this file is the same as the live sheet'
        : 'No problems: ready to preview and publish';
  return (
    <section className={styles.review} aria-labelledby="upload-review-title">
      <h2 id="upload-review-title" className={styles.title}>
        {fileName === result.sheet ? fileName : `${fileName} → ${result.sheet}`}
      </h2>
      <p role="status" className={errors > 0 ? styles.refused : styles.ok}>
        {summary}
        {warnings > 0 ? ` (${warnings} ${warnings === 1 ? 'warning' : 'warnings'} worth a look)` : ''}.
      </p>
      <ConflictChoices
        conflicts={conflicts}
        choices={choices}
        onChoose={(choice) => setChoices((chosen) => [...chosen.filter((entry) => !sameCell(entry, choice)), choice])}
      />
      {result.problems.length > 0 ? (
        <ProblemGrid sheet={result.sheet} rows={result.rows} letters={result.letters} problems={result.problems} />
      ) : null}
      <RowChanges diff={result.diff} caption={`What publishing changes in ${result.sheet}`} />
      {result.changedSinceDownload ? (
        <div className={styles.stale}>
          <p>
            <strong>This sheet changed since you downloaded it.</strong> Your changes are merged with it, row by
            row and cell by cell: what colleagues published meanwhile (below) is kept.
          </p>
          <RowChanges diff={result.changedSinceDownload} caption="Published by colleagues since your download" />
        </div>
      ) : null}
      <PublishPanel
        key={result.draftId ?? 'none'}
        draftId={result.draftId}
        choices={choices}
        open={conflicts.filter((conflict) => !choices.some((choice) => sameCell(choice, conflict))).length}
        summary={summaryOf(result)}
        onPublished={onPublished}
        onConflicts={(found) =>
          setConflicts((known) => [...known.filter((old) => !found.some((cell) => sameCell(cell, old))), ...found])
        }
      />
    </section>
  );
}
