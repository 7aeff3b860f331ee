import styles from './PrivacyNotice.module.css';

interface PrivacyNoticeProps {
  /** Field labels of the form, which are exactly what it collects. */
  collects: readonly string[];
  /** Why, completing "We use them only to …". */
  purpose: string;
}

/** What the form collects and why, under every form. */
export function PrivacyNotice({ collects, purpose }: PrivacyNoticeProps) {
  return (
    <p className={styles.notice}>
      We receive only what you type here ({collects.join(', ')}) and use it only to {purpose}; we never sell
      it. Read our <a href="/privacyPolicy">privacy policy</a>.
    </p>
  );
}
