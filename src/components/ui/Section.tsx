import type { ReactNode } from 'react';
import { useId } from 'react';
import styles from './Section.module.css';

/**
 * A page section: an <h2> and its content in the centred content column.
 * - `title`: the h2 text (the landmark's name).
 * - `kicker`: a short gold line in small capitals above the title.
 * - `tone`: background band: paper (white, default), ivory or dark (charcoal).
 * - `width`: `narrow` keeps long text to a readable measure.
 * - `id`: anchor for in-page links.
 */
export interface SectionProps {
  title: string;
  kicker?: string;
  tone?: 'paper' | 'ivory' | 'dark';
  width?: 'normal' | 'narrow';
  id?: string;
  className?: string;
  children: ReactNode;
}

export function Section({
  title,
  kicker,
  tone = 'paper',
  width = 'normal',
  id,
  className,
  children,
}: SectionProps) {
  const headingId = useId();
  const classes = [styles.section, styles[tone], className].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={headingId} id={id}>
      <div className={width === 'narrow' ? `${styles.inner} ${styles.narrow}` : styles.inner}>
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
