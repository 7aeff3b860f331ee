import type { ReraLine } from '../../data/projects';
import styles from './ReraNotice.module.css';

export interface ReraNoticeProps {
  rera: ReraLine;
}

/** The registration line; a number is always followed by the regulator's website (RERA Act s. 11(2)). */
export function ReraNotice({ rera }: ReraNoticeProps) {
  return (
    <p className={styles.rera}>
      <span className={styles.label}>{rera.label}</span>
      {rera.kind === 'number' ? (
        <span className={styles.regulator}>
          Details on the regulator&apos;s website:{' '}
          <a href={rera.regulatorUrl} target="_blank" rel="noopener noreferrer">
            {rera.regulatorSite}
          </a>
        </span>
      ) : null}
    </p>
  );
}
