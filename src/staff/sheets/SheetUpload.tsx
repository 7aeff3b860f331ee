import { useRef } from 'react';
import styles from './SheetList.module.css';

/** The Upload button of one sheet in the list: the file picked goes to that sheet unless its name says another. */
export function SheetUpload({ sheet, busy, onUpload }: { sheet: string; busy: boolean; onUpload: (file: File, sheet: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={styles.action}
        disabled={busy}
        aria-describedby={`sheet-${sheet}`}
        onClick={() => input.current?.click()}
      >
        Upload
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,.csv,.txt"
        data-sheet={sheet}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) onUpload(file, sheet);
          event.target.value = '';
        }}
      />
    </>
  );
}

