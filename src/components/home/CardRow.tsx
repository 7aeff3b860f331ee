import type { ReactNode } from 'react';
import styles from './CardRow.module.css';

/** Cards three to a row, a short last row centred; each child is one <li>. */
export function CardRow({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}
