import type { LocalityLink } from '../../data/localities';
import { countLabel } from '../../data/localities';
import { localityPath } from '../../data/links';
import { Icon } from '../ui/Icon';
import { Section } from '../ui/Section';
import styles from './OtherLocalities.module.css';

/** OTHER PROPERTY: every other locality with the number of properties it lists. */
export function OtherLocalities({ localities }: { localities: readonly LocalityLink[] }) {
  return (
    <Section title="OTHER PROPERTY" tone="dark">
      <ul className={styles.list}>
        {localities.map((locality) => (
          <li key={locality.route}>
            <a href={localityPath(locality.route)} className={styles.link}>
              <span className={styles.name}>{locality.name}</span>
              <span className={styles.count}>{countLabel(locality.count)}</span>
              <Icon name="arrow-right" size={20} className={styles.arrow} />
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
