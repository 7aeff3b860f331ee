import { Link, useLocation, useSearch } from 'wouter';
import { DUE_LABELS, filterFromSearch } from '../../data/staff';
import { FOLLOW_UP_VIEWS } from '../../schema/staff';
import { useDueCounts } from '../queries/use-leads';
import styles from './Layout.module.css';

/** The Due today and Overdue views of the inbox, one click away, each with how many leads it holds. */
export function DueLinks() {
  const [location] = useLocation();
  const shown = filterFromSearch(useSearch());
  const counts = useDueCounts();
  return FOLLOW_UP_VIEWS.map((due) => {
    const count = counts.data?.[due];
    return (
      <Link
        key={due}
        href={`/leads?due=${due}`}
        className={styles.link}
        aria-current={location === '/leads' && shown.due === due ? 'page' : undefined}
      >
        {DUE_LABELS[due]}{' '}
        {count === undefined ? null : (
          <span className={`${styles.count} ${due === 'overdue' && count > 0 ? styles.late : ''}`}>
            {count}
          </span>
        )}
      </Link>
    );
  });
}
