import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import styles from './FileDrop.module.css';

/**
 * A file picker that is also a place to drop files: the "Upload" button
 * opens the picker, and a file dropped anywhere on the area is taken too.
 * - `accept`: the file types the picker offers.
 * - `label`: the button's text ("Upload").
 * - `hint`: a line saying what to drop.
 * - `busy`: disables it while an upload is on its way.
 */
export interface FileDropProps {
  accept: string;
  label: string;
  hint: ReactNode;
  busy: boolean;
  onFile: (file: File) => void;
}

export function FileDrop({ accept, label, hint, busy, onFile }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file !== undefined && !busy) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <div
      className={over ? `${styles.drop} ${styles.over}` : styles.drop}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <button
        type="button"
        className={styles.button}
        disabled={busy}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {busy ? 'Checking…' : label}
      </button>
      <span id={hintId} className={styles.hint}>
        {hint}
      </span>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
