import { useLayout } from '../../app/layout-context';
import { chatLink } from '../../data/links';
import { REACH_US } from '../../forms/messages';
import type { PageNoticeItem } from '../../forms/outcomes';
import { dismissPageNotice } from '../../forms/outcomes';
import styles from './EnquiryNotice.module.css';
import { SendFailureNotice } from './SendFailureNotice';

/** The greeting of the WhatsApp message offered when nothing typed is known. */
const GREETING = 'Hello, I sent an enquiry on your website.';

/** One notice in the page about an enquiry: delivered, saved, or refused; the visitor dismisses it. */
export function EnquiryNotice({ notice }: { notice: PageNoticeItem }) {
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
