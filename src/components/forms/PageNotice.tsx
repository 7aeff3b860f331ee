import { usePageNotices } from '../../forms/outcomes';
import { EnquiryNotice } from './EnquiryNotice';
import styles from './PageNotice.module.css';

/**
 * What became of an enquiry no form shows any more: the pop-up was closed while it was
 * sending, or a submission saved on this phone on an earlier page has now gone through. In
 * two live regions that are always in the page, so screen readers announce each notice.
 */
export function PageNotice() {
  const notices = usePageNotices();
  const good = notices.filter((notice) => notice.delivery.result === 'sent');
  const bad = notices.filter((notice) => notice.delivery.result !== 'sent');
  return (
    <div className={styles.dock}>
      <div role="status">
        {good.map((notice) => (
          <EnquiryNotice key={notice.key} notice={notice} />
        ))}
      </div>
      <div role="alert">
        {bad.map((notice) => (
          <EnquiryNotice key={notice.key} notice={notice} />
        ))}
      </div>
    </div>
  );
}
