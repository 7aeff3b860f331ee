import { telLink } from '../../data/links';
import { FAILURE_TEXT, fateText } from '../../forms/messages';
import type { SendFailure } from '../../forms/send-failure';
import styles from './SendFailureNotice.module.css';

interface SendFailureNoticeProps {
  failure: Pick<SendFailure, 'kind'>;
  /** Saved on the device and tried again by itself, still waiting for an answer, or failed. */
  result: 'saved' | 'waiting' | 'failed';
  chatHref: string;
  phone: string;
  /** Sends again now; absent where sending again could deliver twice. */
  onRetry?: () => void;
  /** What becomes of the request, when the form's own words do not fit. */
  fate?: string;
}

/** Why the request has not gone through, what becomes of it, and two other ways to reach the brokerage. */
export function SendFailureNotice({
  failure,
  result,
  chatHref,
  phone,
  onRetry,
  fate,
}: SendFailureNoticeProps) {
  return (
    <div className={result === 'failed' ? styles.failed : styles.pending}>
      <p className={styles.reason}>{FAILURE_TEXT[failure.kind]}</p>
      <p>{fate ?? fateText(failure.kind, result)}</p>
      <div className={styles.ways}>
        {onRetry && (
          <button type="button" className={styles.retry} onClick={onRetry}>
            {result === 'saved' ? 'Send now' : 'Try again'}
          </button>
        )}
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
