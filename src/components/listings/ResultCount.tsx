import { countLabel } from '../../data/localities';
import styles from './ResultCount.module.css';

/** "3 Properties in MG Road", announced politely when a filter changes it. */
export function ResultCount({ count, context }: { count: number; context: string }) {
  return (
    <p className={styles.count} role="status">
      <strong>{countLabel(count)}</strong> {context}
    </p>
  );
}
