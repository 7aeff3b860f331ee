import type { ReactNode } from 'react';
import { Picture } from './Picture';
import styles from './Banner.module.css';

/**
 * The hero at the top of a page, holding the page's only <h1>. It is dark and leaves
 * room for the transparent header, so every page should start with it (or a hero like it).
 * - `title`: the h1 text.
 * - `kicker`: a short line in small capitals above the title.
 * - `image`: a sheet picture behind the title (priority-loaded); none gives the plain charcoal band.
 * - `children`: an optional line or two under the title.
 */
export interface BannerProps {
  title: string;
  kicker?: string;
  image?: string | null;
  children?: ReactNode;
}

export function Banner({ title, kicker, image, children }: BannerProps) {
  return (
    <header className={image ? `${styles.banner} ${styles.withImage}` : styles.banner}>
      {image ? <Picture src={image} alt="" priority className={styles.image} /> : null}
      <div className={styles.inner}>
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {children ? <div className={styles.lead}>{children}</div> : null}
      </div>
    </header>
  );
}
