import styles from './EmptyCategory.module.css';

/** What a filter or tab with nothing in it says, in the same words everywhere. */
const EMPTY_CATEGORY = 'No properties available as of now under this category.';

export function EmptyCategory() {
  return <p className={styles.empty}>{EMPTY_CATEGORY}</p>;
}
