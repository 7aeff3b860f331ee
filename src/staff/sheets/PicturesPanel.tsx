import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PICTURE_FOLDERS, type PictureResult } from '../../schema/staff-sheets';
import { FileDrop } from './FileDrop';
import { sheetsClient } from './sheets-client';
import styles from './PicturesPanel.module.css';

/**
 * Uploads pictures into a folder of sheets/images, each checked as the build
 * checks it, a phone's name made a web name. The service keeps them in a
 * shared library until published or deleted: listed here and in the Excel
 * drop-downs on every device, and taken along by the publish of any sheet
 * that names them. The pictures uploaded here also gather in one draft, to
 * publish them on their own.
 */
export interface PicturesPanelProps {
  draftId: string | null;
  onDraft: (draftId: string) => void;
}

export function PicturesPanel({ draftId, onDraft }: PicturesPanelProps) {
  const folderId = useId();
  const subfolderId = useId();
  const [folder, setFolder] = useState<string>(PICTURE_FOLDERS[0]);
  const [subfolder, setSubfolder] = useState('');
  const [done, setDone] = useState<PictureResult[]>([]);
  const queryClient = useQueryClient();
  const pictures = useQuery({ queryKey: ['sheets', 'pictures'], queryFn: ({ signal }) => sheetsClient.pictures(signal) });
  const waiting = (pictures.data ?? []).filter((picture) => !picture.live);
  const upload = useMutation({
    mutationFn: (file: File) =>
      sheetsClient.picture(file, [folder, subfolder.trim()].filter(Boolean).join('/'), draftId),
    onSuccess: async (result) => {
      setDone((earlier) => [result, ...earlier]);
      if (result.status === 'checked') onDraft(result.draftId);
      await queryClient.invalidateQueries({ queryKey: ['sheets', 'pictures'] });
    },
  });
  const remove = useMutation({
    mutationFn: sheetsClient.deletePicture,
    onSuccess: (list) => queryClient.setQueryData(['sheets', 'pictures'], list),
  });
  return (
    <div className={styles.panel}>
      <div className={styles.fields}>
        <label htmlFor={folderId}>Folder</label>
        <select id={folderId} value={folder} onChange={(event) => setFolder(event.target.value)}>
          {PICTURE_FOLDERS.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <label htmlFor={subfolderId}>Inside it (optional)</label>
        <input
          id={subfolderId}
          value={subfolder}
          placeholder="e.g. joy-district"
          onChange={(event) => setSubfolder(event.target.value)}
        />
      </div>
      <FileDrop
        accept=".jpg,.jpeg,.png,.webp,.avif,.svg"
        label="Upload"
        hint="a picture (.jpg, .png, .webp, .avif, .svg), or drop it here"
        busy={upload.isPending}
        onFile={(file) => upload.mutate(file)}
      />
      {upload.error ? <p className={styles.refused}>{upload.error.message}</p> : null}
      <ul className={styles.results} aria-live="polite">
        {done.map((result, i) =>
          result.status === 'checked' ? (
            <li key={i} className={result.warning === null ? styles.ok : styles.warned}>
              {result.uploadedAs === null ? '' : `${result.uploadedAs} is now `}
              {result.path} ({result.width} × {result.height} px){result.replaces ? ', replacing the picture of that name' : ''}:
              ready. Name it in a sheet as <code>{result.path}</code>, then upload that sheet.
              {result.warning === null ? null : <span className={styles.warning}> {result.warning}</span>}
            </li>
          ) : (
            <li key={i} className={styles.refused}>
              {result.message}
            </li>
          ),
        )}
      </ul>
      <h3 className={styles.heading}>Waiting to be published ({waiting.length})</h3>
      {remove.error ? <p className={styles.refused}>{remove.error.message}</p> : null}
      {waiting.length === 0 ? (
        <p className={styles.none}>No picture is waiting: every uploaded picture is on the website or was deleted.</p>
      ) : (
        <ul className={styles.waiting}>
          {waiting.map((picture) => (
            <li key={picture.path}>
              <code>{picture.path}</code>
              <button
                type="button"
                className={styles.delete}
                disabled={remove.isPending}
                aria-label={`Delete ${picture.path}`}
                onClick={() => remove.mutate(picture.path)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
