import type { MouseEvent } from 'react';
import { useOpenEnquiry } from '../../app/enquiry-context';
import { PATHS } from '../../data/links';
import { Icon } from '../ui/Icon';
import styles from './EnquireNow.module.css';

/**
 * A bouncing hand pointing at the green Enquire Now button, at the bottom right of every page (in
 * the action bar). The button opens the enquiry pop-up. Until the page's script has run (on a slow phone, seconds
 * after the page appears) or without it, it submits the small form around it instead, which
 * takes the visitor to the contact page's form: a tap is never lost.
 */
export function EnquireNow() {
  const openEnquiry = useOpenEnquiry();
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    openEnquiry();
  };
  return (
    <form className={styles.dock} action={PATHS.contactUs} method="get">
      <Icon name="hand" size={26} className={styles.hand} />
      <button type="submit" className={styles.button} onClick={open} aria-haspopup="dialog">
        Enquire Now
      </button>
    </form>
  );
}
