import type { HistoryEntry, UploadResult } from '../../schema/staff-sheets';
import { ProblemGrid } from './ProblemGrid';
import { PublishPanel } from './PublishPanel';
import { RowChanges } from './RowChanges';
import styles from './UploadReview.module.css';

/**
 * What an upload came to: the reason it was refused, or the problems the
 * checks found (in a grid of the uploaded rows), the change as rows, and
 * Preview and Publish. When the sheet was published again after the file was
 * downloaded, it says so and shows that change too.
 */
export interface UploadReviewProps {
  fileName: string;
  result: UploadResult;
  onPublished: (entry: HistoryEntry) => void;
}

export function UploadReview({ fileName, result, onPublished }: UploadReviewProps) {
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
      {result.changedSinceDownload ? (
        <div className={styles.stale} role="alert">
          <p>
            <strong>This sheet changed since you downloaded it.</strong> Your upload is checked against what is
            live now: below is what changed on the live sheet meanwhile, then how your file differs from it. Rows
            you did not mean to change would undo the other change.
          </p>
          <RowChanges diff={result.changedSinceDownload} caption="Changed on the live sheet since your download" />
        </div>
      ) : null}
      {result.problems.length > 0 ? (
        <ProblemGrid sheet={result.sheet} records={result.records} letters={result.letters} problems={result.problems} />
      ) : null}
      <RowChanges diff={result.diff} caption={`Your changes to ${result.sheet}`} />
      <PublishPanel key={result.draftId ?? 'none'} draftId={result.draftId} onPublished={onPublished} />
    </section>
  );
}
