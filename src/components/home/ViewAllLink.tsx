import styles from './ViewAllLink.module.css';

/** The link under a home section to the full listing, e.g. VIEW ALL PROPERTIES +. */
export function ViewAllLink({ href, label }: { href: string; label: string }) {
  return (
    <p className={styles.wrap}>
      <a href={href} className={styles.link}>
        {label}
      </a>
    </p>
  );
}
