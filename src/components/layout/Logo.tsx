import styles from './Logo.module.css';

/** The brokerage's word mark, linking home. The first letter doubles as a monogram. */
export function Logo({ name, className }: { name: string; className?: string }) {
  return (
    <a href="/" className={className ? `${styles.logo} ${className}` : styles.logo}>
      <span className={styles.monogram} aria-hidden="true">
        {name.charAt(0)}
      </span>
      <span className={styles.name}>{name}</span>
    </a>
  );
}
