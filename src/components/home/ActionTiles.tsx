import { PATHS } from '../../data/links';
import { Icon } from '../ui/Icon';
import styles from './ActionTiles.module.css';

/** LIST WITH US, NEW DEVELOPMENT and the interactive map, which is not ready yet and so is no link. */
export function ActionTiles() {
  return (
    <section className={styles.band} aria-label="More from us">
      <ul className={styles.tiles}>
        <li>
          <a href={PATHS.listWithUs} className={styles.tile}>
            <span className={styles.title}>LIST WITH US</span>
            <span className={styles.text}>
              Sell or lease your property through our network of buyers and investors.
            </span>
            <Icon name="arrow-right" size={22} className={styles.arrow} />
          </a>
        </li>
        <li>
          <a href={PATHS.newDevelopment} className={styles.tile}>
            <span className={styles.title}>NEW DEVELOPMENT</span>
            <span className={styles.text}>The latest commercial and residential launches in Gurugram.</span>
            <Icon name="arrow-right" size={22} className={styles.arrow} />
          </a>
        </li>
        <li>
          <div className={`${styles.tile} ${styles.soon}`}>
            <span className={styles.title}>INTERACTIVE MAP</span>
            <span className={styles.text}>Every property of ours on one map.</span>
            <span className={styles.badge}>COMING SOON</span>
          </div>
        </li>
      </ul>
    </section>
  );
}
