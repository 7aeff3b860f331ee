import { useImage } from '../../app/images-context';
import styles from './Logo.module.css';

export interface LogoProps {
  name: string;
  /** The logo picture from the settings sheet; null shows the name as a word mark. */
  logo: string | null;
  /** Drawn light, for dark backgrounds (the footer, the header over a hero). */
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * The brokerage's logo, linking home: the settings sheet's picture, read aloud as the brand
 * name; without one, the name as a word mark whose first letter doubles as a monogram.
 */
export function Logo({ name, logo, tone = 'dark', className }: LogoProps) {
  const asset = useImage(logo ?? '');
  const classes = [styles.logo, tone === 'light' ? styles.light : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (logo !== null && !asset) throw new Error(`Logo "${logo}" is not in this page's data.`);
  return (
    <a href="/" className={classes}>
      {asset ? (
        <img
          className={styles.picture}
          src={asset.url}
          width={asset.width}
          height={asset.height}
          alt={name}
          // Low: React then writes no preload for it, and the browser asks for the page's lead picture first.
          fetchPriority="low"
        />
      ) : (
        <>
          <span className={styles.monogram} aria-hidden="true">
            {name.charAt(0)}
          </span>
          <span className={styles.name}>{name}</span>
        </>
      )}
    </a>
  );
}
