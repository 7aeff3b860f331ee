import type { ReactNode } from 'react';
import styles from './CardRow.module.css';

/** Cards three to a row with a short last row centred, or one sideways row on a phone; each child is one <li>. */
export function CardRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}
