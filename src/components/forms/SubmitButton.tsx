import { useHydrated } from '../layout/use-hydrated';
import styles from './SubmitButton.module.css';

interface SubmitButtonProps {
  label: string;
  sending: boolean;
}

/**
 * Disabled while a request is on its way, and until the page's script runs:
 * without it the form could only reload the page and lose what was typed
 * (NoScriptNote offers the phone and WhatsApp instead).
 */
export function SubmitButton({ label, sending }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={styles.button} disabled={sending || !hydrated}>
      {sending ? 'Sending…' : label}
    </button>
  );
}
