import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HistoryEntry, UploadResult } from '../../schema/staff-sheets';
import { FileDrop } from './FileDrop';
import { HistoryList } from './HistoryList';
import { PicturesPanel } from './PicturesPanel';
import { PublishPanel } from './PublishPanel';
import { SheetList } from './SheetList';
import { sheetsClient } from './sheets-client';
import { UploadReview } from './UploadReview';
import styles from './SheetsScreen.module.css';

/**
 * /staff/sheets: the sheets the website is built from. Download one, change
 * it in Excel or Google Sheets, upload it (a file named like a sheet goes to
 * that sheet), look at the change and its problems, preview, publish; or see
 * the History, undo a change or restore the site as it was.
 */
export function SheetsScreen() {
  const queryClient = useQueryClient();
  const sheets = useQuery({ queryKey: ['sheets', 'list'], queryFn: ({ signal }) => sheetsClient.list(signal) });
  const [view, setView] = useState<'sheets' | 'history'>('sheets');
  const [pictureDraft, setPictureDraft] = useState<string | null>(null);
  const [review, setReview] = useState<{ fileName: string; result: UploadResult } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: ({ file, sheet }: { file: File; sheet: string | null }) =>
      sheetsClient.upload(file, sheet, pictureDraft),
    onMutate: () => setNotice(null),
    onSuccess: (result, { file }) => setReview({ fileName: file.name, result }),
  });
  const done = async (entry: HistoryEntry) => {
    setReview(null);
    setPictureDraft(null);
    setNotice(
      entry.kind === 'publish'
        ? `Published: "${entry.message}". The website shows it now.`
        : `${entry.message}: done. The website shows it now.`,
    );
    await queryClient.invalidateQueries({ queryKey: ['sheets'] });
  };
  const onUpload = (file: File, sheet: string | null) => upload.mutate({ file, sheet });

  return (
    <div className={styles.screen}>
      <header className={styles.head}>
        <h1 className={styles.title}>Sheets</h1>
        <nav aria-label="Sheets" className={styles.views}>
          <button type="button" aria-pressed={view === 'sheets'} onClick={() => setView('sheets')}>
            Sheets
          </button>
          <button type="button" aria-pressed={view === 'history'} onClick={() => setView('history')}>
            History
          </button>
        </nav>
      </header>
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {view === 'history' ? (
        <section aria-label="History">
          <HistoryList onDone={done} />
        </section>
      ) : (
        <>
          <FileDrop
            accept=".xlsx,.csv,.txt"
            label="Upload"
            hint="a sheet saved from Excel or Google Sheets (.xlsx or .csv), or drop it here; a file named like a sheet (pre-rented.xlsx) goes to that sheet"
            busy={upload.isPending}
            onFile={(file) => onUpload(file, null)}
          />
          {upload.error ? (
            <p role="alert" className={styles.error}>
              {upload.error.message}
            </p>
          ) : null}
          {review ? (
            <UploadReview
              key={review.result.status === 'checked' ? (review.result.draftId ?? review.fileName) : review.fileName}
              fileName={review.fileName}
              result={review.result}
              onPublished={done}
            />
          ) : null}
          <section aria-labelledby="pictures-title" className={styles.section}>
            <h2 id="pictures-title">Pictures</h2>
            <PicturesPanel draftId={pictureDraft} onDraft={setPictureDraft} />
            {pictureDraft !== null && review === null ? (
              <PublishPanel draftId={pictureDraft} summary="Pictures only" onPublished={done} />
            ) : null}
          </section>
          <section aria-labelledby="sheets-title" className={styles.section}>
            <h2 id="sheets-title">The sheets</h2>
            {sheets.error ? <p className={styles.error}>{sheets.error.message}</p> : null}
            {sheets.data ? <SheetList sheets={sheets.data} busy={upload.isPending} onUpload={onUpload} /> : null}
          </section>
        </>
      )}
    </div>
  );
}
