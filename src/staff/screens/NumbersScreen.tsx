import { formatDay, formatHours, numbersFigures } from '../../data/staff';
import { NumbersFigure } from '../components/NumbersFigure';
import { Notice } from '../components/Notice';
import { useNumbers } from '../queries/use-numbers';
import styles from './NumbersScreen.module.css';

/** The pipeline at a glance: the last 12 weeks' leads as charts, each with its table of figures. */
export function NumbersScreen() {
  const numbers = useNumbers();
  if (numbers.isPending) return <Notice>Counting the leads…</Notice>;
  if (numbers.isError) return <Notice tone="error">{numbers.error.message}</Notice>;
  const { total, since, firstContact } = numbers.data;
  return (
    <section aria-labelledby="numbers-title">
      <h1 id="numbers-title">Numbers</h1>
      <p className={styles.summary}>
        <strong>{total.toLocaleString('en-IN')}</strong> {total === 1 ? 'lead' : 'leads'} since{' '}
        {formatDay(since)} (the last 12 weeks, India time). Median time to first contact:{' '}
        <strong>
          {firstContact.medianHours === null
            ? 'no lead contacted yet'
            : formatHours(firstContact.medianHours)}
        </strong>{' '}
        ({firstContact.contacted} {firstContact.contacted === 1 ? 'lead' : 'leads'} moved on from New or given
        a note).
      </p>
      <div className={styles.grid}>
        {numbersFigures(numbers.data).map((figure) => (
          <NumbersFigure key={figure.id} figure={figure} />
        ))}
      </div>
    </section>
  );
}
