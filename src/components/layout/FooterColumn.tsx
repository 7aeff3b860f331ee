import type { NavLink } from '../../routes/route';
import styles from './FooterColumn.module.css';

/** A footer link, with an optional quieter second part (e.g. a locality's property count). */
export type FooterLink = NavLink & { note?: string };

/** One titled list of links in the footer. */
export function FooterColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={title} className={styles.column}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>
              {link.label}
              {link.note ? <span className={styles.note}> ({link.note})</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
