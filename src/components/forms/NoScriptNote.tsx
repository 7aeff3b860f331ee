import { chatLink, telLink } from '../../data/links';
import { useLayout } from '../../app/layout-context';
import styles from './NoScriptNote.module.css';

/** For a browser with JavaScript off, where the form cannot send: the other ways to reach us. */
export function NoScriptNote() {
  const { settings } = useLayout();
  return (
    <noscript>
      <p className={styles.note}>
        This form needs JavaScript, which is turned off in your browser. Please call us on{' '}
        <a href={telLink(settings.phone)}>{settings.phone}</a> or{' '}
        <a href={chatLink(settings.chat_number, settings.chat_greeting)}>message us on WhatsApp</a>.
      </p>
    </noscript>
  );
}
