import styles from './ViewAllLink.module.css';

/** The links under a home section to the full listings, e.g. VIEW ALL PROPERTIES +. */
export function ViewAllLink({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <p className={styles.wrap}>
      {links.map(({ href, label }) => (
        <a key={href} href={href} className={styles.link}>
          {label}
        </a>
      ))}
    </p>
  );
}
