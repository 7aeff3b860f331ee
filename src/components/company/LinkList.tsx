import { Icon } from '../ui/Icon';
import styles from './LinkList.module.css';

export interface LinkListItem {
  href: string;
  label: string;
  /** A short second line, e.g. "10 Properties". */
  note: string | null;
}

/** A grid of large links to other parts of the site (the map placeholder, the not-found page). */
export function LinkList({ links }: { links: readonly LinkListItem[] }) {
  return (
    <ul className={styles.list}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={styles.link}>
            <span>
              <span className={styles.label}>{link.label}</span>
              {link.note ? <span className={styles.note}>{link.note}</span> : null}
            </span>
            <Icon name="arrow-right" size={20} className={styles.arrow} />
          </a>
        </li>
      ))}
    </ul>
  );
}
