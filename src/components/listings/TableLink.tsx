import { Icon } from '../ui/Icon';
import styles from './TableLink.module.css';

/** The way to the sortable comparison of every pre-rented property. */
export function TableLink({ href }: { href: string }) {
  return (
    <p className={styles.wrap}>
      <a href={href} className={styles.link}>
        Compare all pre-rented properties in one table: rent, rent per sq ft, lease and yield
        <Icon name="arrow-right" size={18} />
      </a>
    </p>
  );
}
