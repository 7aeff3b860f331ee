import styles from './PrivacyNotice.module.css';

interface PrivacyNoticeProps {
  /** Field labels of the form, which are exactly what it collects. */
  collects: readonly string[];
  /** Why, completing "We use them only to …". */
  purpose: string;
}

/** What the form collects and why, under every form; the policy's section 2 says it at length. */
export function PrivacyNotice({ collects, purpose }: PrivacyNoticeProps) {
  return (
    <p className={styles.notice}>
      We receive what you type here ({collects.join(', ')}), with the page you send it from and the site or
      campaign link that brought you here, if any, and use it only to {purpose}; we never sell it. If it
      cannot be sent at once, this device keeps it until it is. Read our{' '}
      <a href="/privacyPolicy">privacy policy</a>.
    </p>
  );
}
