import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { countLabel } from '../../data/localities';
import styles from './FilterPanel.module.css';

/** Wide enough for the panel to stay open; below it the panel folds behind a Filters control. */
const WIDE = '(min-width: 641px)';

interface FilterPanelProps {
  /** How many properties the filters leave in view, shown on the Filters control. */
  count: number;
  /** Lays out the controls inside the panel (a grid of the page's own). */
  className?: string;
  children: ReactNode;
}

/**
 * The card every listing page's filters sit in. On a phone it folds behind a Filters control
 * showing the result count, so the first screen shows properties, not controls. It is a
 * <details>, which opens before the script runs too; on wider screens CSS keeps it open
 * (::details-content), or the script where CSS cannot.
 */
export function FilterPanel({ count, className, children }: FilterPanelProps) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!CSS.supports('selector(::details-content)') && window.matchMedia(WIDE).matches && details.current)
      details.current.open = true;
  }, []);
  return (
    <details className={styles.filters} ref={details}>
      <summary className={styles.summary}>
        <span className={styles.summaryLabel}>Filters</span>
        <span className={styles.summaryCount}>{countLabel(count)}</span>
      </summary>
      <div className={className ? `${styles.panel} ${className}` : styles.panel}>{children}</div>
    </details>
  );
}
