import styles from './SkipLink.module.css';

/** The first stop of the Tab key: jumps past the header to the page's content. */
export function SkipLink() {
  return (
    <a href="#main" className={styles.skip}>
      Skip to content
    </a>
  );
}
