import styles from './EmptyCategory.module.css';

/** The spec's wording for a filter or tab with nothing in it. */
const EMPTY_CATEGORY = 'No properties available as of now under this category.';

export function EmptyCategory() {
  return <p className={styles.empty}>{EMPTY_CATEGORY}</p>;
}
