import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PICTURE_FOLDERS, type PictureResult } from '../../schema/staff-sheets';
import { FileDrop } from './FileDrop';
import { sheetsClient } from './sheets-client';
import styles from './PicturesPanel.module.css';

/**
 * Uploads pictures into a folder of sheets/images, each checked as the build
 * checks it. The pictures gather in one draft, which the next sheet upload
 * takes along (upload a new project's photos, then its row).
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
  const upload = useMutation({
    mutationFn: (file: File) =>
      sheetsClient.picture(file, [folder, subfolder.trim()].filter(Boolean).join('/'), draftId),
    onSuccess: (result) => {
      setDone((earlier) => [result, ...earlier]);
      if (result.status === 'checked') onDraft(result.draftId);
    },
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
            <li key={i} className={styles.ok}>
              {result.path} ({result.width} × {result.height} px){result.replaces ? ', replacing the picture of that name' : ''}:
              ready. Name it in a sheet as <code>{result.path}</code>, then upload that sheet.
            </li>
          ) : (
            <li key={i} className={styles.refused}>
              {result.message}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
