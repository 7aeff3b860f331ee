import type { ReactNode } from 'react';
import { useId } from 'react';
import styles from './FormCard.module.css';

/**
 * A raised white card that holds a form, with its title and a line of introduction.
 * - `title`: the card's heading (h2 by default; `level={3}` inside a titled section).
 * - `intro`: one or two sentences under the title.
 */
export interface FormCardProps {
  title: string;
  intro?: string;
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}

export function FormCard({ title, intro, level = 2, className, children }: FormCardProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
