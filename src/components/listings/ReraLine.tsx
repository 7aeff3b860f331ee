import type { CSSProperties } from 'react';
import { reraLabel } from '../../data/projects';
import styles from './ReraLine.module.css';

/**
 * A card's registration line: "RERA No. RC/REP/HARERA/GGM/578/310/2022/53", or "RERA: Coming Soon".
 * The code never breaks: readers copy it into the regulator's search. The line may break before
 * it, and where the card is too narrow for it even on a line of its own, its type shrinks to fit
 * (its length in characters is passed to the style for that).
 */
export function ReraLine({ rera }: { rera: string | null }) {
  const label = reraLabel(rera);
  if (rera === null) return <p className={styles.line}>{label}</p>;
  return (
    <p className={styles.line} style={{ '--rera-chars': rera.length } as CSSProperties}>
      {label.slice(0, -rera.length)}
      <span className={styles.code}>{rera}</span>
    </p>
  );
}
