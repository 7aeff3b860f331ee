import type { ReactNode } from 'react';
import { Picture } from '../ui/Picture';
import styles from './ListingCard.module.css';

const SIZES = '(min-width: 1200px) 380px, (min-width: 640px) 45vw, 100vw';

export interface ListingCardProps {
  /** Picture path from the sheet. */
  image: string;
  title: string;
  href: string;
  headingLevel?: 2 | 3 | 4;
  /** A short tag over the picture, e.g. "Pre-Rented" or a price. */
  badge?: ReactNode;
  /** A figure in large type under the title: a price or a rent. */
  highlight?: ReactNode;
  /** Lines under the title. */
  children?: ReactNode;
  /** Fine print across the foot of the card, picture included (a RERA line): the widest line a card has. */
  footer?: ReactNode;
  /** On a phone, picture beside the text rather than above it, for long lists. */
  compact?: boolean;
}

/**
 * The card every listing uses: picture, title, a few lines and MORE DETAILS +.
 * The title is the only link and stretches over the whole card, so the card is
 * one tab stop whose name is the title.
 */
export function ListingCard({
  image,
  title,
  href,
  headingLevel = 3,
  badge,
  highlight,
  children,
  footer,
  compact = false,
}: ListingCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={compact ? `${styles.card} ${styles.compact}` : styles.card}>
      <div className={styles.media}>
        <Picture src={image} alt="" sizes={SIZES} className={styles.image} />
        {badge ? <span className={styles.badge}>{badge}</span> : null}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <a href={href} className={styles.link}>
            {title}
          </a>
        </Heading>
        {highlight ? <p className={styles.highlight}>{highlight}</p> : null}
        {children}
        <span className={styles.more} aria-hidden="true">
          MORE DETAILS +
        </span>
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </article>
  );
}
