import type { Ref } from 'react';
import { invalidSummary } from '../../forms/messages';
import type { SubmissionState } from '../../forms/use-submission';
import styles from './FormStatus.module.css';
import { SendFailureNotice } from './SendFailureNotice';

interface FormStatusProps {
  state: SubmissionState;
  /** The confirmation shown once sent. */
  thanks: string;
  /** WhatsApp chat prefilled with what the visitor typed. */
  chatHref: string;
  phone: string;
  onRetry: () => void;
  /** Receives focus when the outcome of a send is known. */
  outcomeRef: Ref<HTMLDivElement>;
}

/**
 * What happened to the visitor's request, in two live regions that are
 * always in the page so screen readers announce every change: a polite one
 * for the confirmation, an assertive one for problems.
 */
export function FormStatus({ state, thanks, chatHref, phone, onRetry, outcomeRef }: FormStatusProps) {
  return (
    <div className={styles.status} ref={outcomeRef} tabIndex={-1}>
      <div role="status">{state.phase === 'sent' && <p className={styles.sent}>{thanks}</p>}</div>
      <div role="alert">
        {state.phase === 'invalid' && <p className={styles.invalid}>{invalidSummary(state.labels)}</p>}
        {(state.phase === 'failed' || state.phase === 'saved' || state.phase === 'waiting') && (
          <SendFailureNotice
            failure={state.failure}
            result={state.phase}
            chatHref={chatHref}
            phone={phone}
            onRetry={state.phase === 'waiting' ? undefined : onRetry}
          />
        )}
      </div>
    </div>
  );
}
