import { telLink } from '../../data/links';
import { FAILURE_TEXT } from '../../forms/messages';
import type { SendFailure } from '../../forms/send-failure';
import styles from './SendFailureNotice.module.css';

interface SendFailureNoticeProps {
  failure: SendFailure;
  chatHref: string;
  phone: string;
  onRetry: () => void;
}

/** Why sending failed, that nothing typed is lost, and two other ways to reach the brokerage. */
export function SendFailureNotice({ failure, chatHref, phone, onRetry }: SendFailureNoticeProps) {
  return (
    <div className={styles.notice}>
      <p className={styles.reason}>{FAILURE_TEXT[failure.kind]}</p>
      <p>Everything you typed is still in the form. Try again, or reach us directly:</p>
      <div className={styles.ways}>
        <button type="button" className={styles.retry} onClick={onRetry}>
          Try again
        </button>
        <a className={styles.chat} href={chatHref} target="_blank" rel="noopener noreferrer">
          Send on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <a className={styles.call} href={telLink(phone)}>
          Call {phone}
        </a>
      </div>
    </div>
  );
}
