import { useLayout } from '../../app/layout-context';
import { chatLink, telLink } from '../../data/links';
import { Icon } from '../ui/Icon';
import { EnquireNow } from './EnquireNow';
import styles from './ActionBar.module.css';

/**
 * A way to act on every screen that never covers the page. On phones and tablets, a bar along
 * the bottom (Call, WhatsApp, Enquire Now) under which the page is padded, so the end of every
 * page scrolls clear of it. On wider screens only Enquire Now remains, as an upright tab in the
 * margin the content column leaves free for it (--dock-clearance in tokens.css); the header
 * holds the phone number there.
 */
export function ActionBar() {
  const { settings } = useLayout();
  const chat = chatLink(settings.chat_number, `${settings.chat_greeting.trim()} your properties.`);
  return (
    <div className={styles.bar} role="region" aria-label="Call, chat or enquire">
      <a className={styles.action} href={telLink(settings.phone)}>
        <Icon name="phone" size={20} />
        Call
      </a>
      <a className={styles.action} href={chat} target="_blank" rel="noopener noreferrer">
        <Icon name="whatsapp" size={20} />
        WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <EnquireNow />
    </div>
  );
}
