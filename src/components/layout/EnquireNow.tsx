import { useOpenEnquiry } from '../../app/enquiry-context';
import { Icon } from '../ui/Icon';
import styles from './EnquireNow.module.css';

/** Fixed at the bottom right of every page: a bouncing hand pointing at the green Enquire Now button. */
export function EnquireNow() {
  const openEnquiry = useOpenEnquiry();
  return (
    <div className={styles.dock}>
      <Icon name="hand" size={30} className={styles.hand} />
      <button type="button" className={styles.button} onClick={openEnquiry} aria-haspopup="dialog">
        Enquire Now
      </button>
    </div>
  );
}
