import type { HomeData } from '../../data/page-data/home-data';
import { Section } from '../ui/Section';
import { CountUp } from './CountUp';
import styles from './OurNumbers.module.css';

/** WHY DEAL WITH US / OUR NUMBERS: the statistics sheet's figures, counting up as they come into view. */
export function OurNumbers({ statistics }: { statistics: HomeData['statistics'] }) {
  return (
    <Section title="OUR NUMBERS" kicker="Why deal with us" tone="dark">
      <dl className={styles.list}>
        {statistics.map((statistic) => (
          <div key={statistic.label} className={styles.item}>
            <dt className={styles.label}>{statistic.label}</dt>
            <dd className={styles.value}>
              <CountUp value={statistic.value} suffix={statistic.suffix} />
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
