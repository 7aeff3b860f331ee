import { useLayout } from '../../app/layout-context';
import { chatLink } from '../../data/links';
import { REACH_US } from '../../forms/messages';
import type { PageNoticeItem } from '../../forms/outcomes';
import { dismissPageNotice, usePageNotices } from '../../forms/outcomes';
import styles from './PageNotice.module.css';
import { SendFailureNotice } from './SendFailureNotice';

/** The greeting of the WhatsApp message offered when nothing typed is known. */
const GREETING = 'Hello, I sent an enquiry on your website.';

function Notice({ notice }: { notice: PageNoticeItem }) {
  const { settings } = useLayout();
  const { delivery } = notice;
  return (
    <div className={styles.notice}>
      {delivery.result === 'sent' ? (
        <p className={styles.sent}>{notice.thanks}</p>
      ) : (
        <SendFailureNotice
          failure={delivery.failure}
          result={delivery.result}
          chatHref={chatLink(settings.chat_number, notice.chatText ?? GREETING)}
          phone={settings.phone}
          // Refused when sent from an earlier page: no form here holds what was typed.
          fate={delivery.result === 'failed' && notice.chatText === undefined ? REACH_US : undefined}
        />
      )}
      <button type="button" className={styles.close} onClick={() => dismissPageNotice(notice.key)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss this message</span>
      </button>
    </div>
  );
}

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
          <Notice key={notice.key} notice={notice} />
        ))}
      </div>
      <div role="alert">
        {bad.map((notice) => (
          <Notice key={notice.key} notice={notice} />
        ))}
      </div>
    </div>
  );
}
