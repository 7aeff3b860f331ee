import type { ReactNode } from 'react';
import styles from './CardGrid.module.css';

/** A responsive grid of cards; each child is one <li>. */
export function CardGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}
