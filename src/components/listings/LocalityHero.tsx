import { countLabel } from '../../data/localities';
import type { LocalityPageData } from '../../data/page-data/listing-data';
import { Picture } from '../ui/Picture';
import styles from './LocalityHero.module.css';

/** The locality's picture, held under the header while the listing scrolls over it. */
export function LocalityHero({ locality }: { locality: LocalityPageData['locality'] }) {
  return (
    <div className={styles.hero}>
      <Picture src={locality.image} alt="" priority className={styles.image} />
      <div className={styles.caption}>
        <p className={styles.kicker}>
          <span className={styles.wide}>FEATURED PROPERTY</span>
          <span className={styles.narrow}>FEATURED LOCATION</span>
        </p>
        <h1 className={styles.title}>{locality.name}</h1>
        <p className={styles.count}>{countLabel(locality.count)}</p>
      </div>
    </div>
  );
}
