import { useLayout } from '../../app/layout-context';
import { chatLink, mailLink, telLink } from '../../data/links';
import { SocialLinks } from '../layout/SocialLinks';
import { Icon } from '../ui/Icon';
import styles from './ContactDetails.module.css';

/** How to reach the brokerage: mail, phone, WhatsApp, address and social pages, all from the settings sheet. */
export function ContactDetails({ className }: { className?: string }) {
  const { settings } = useLayout();
  return (
    <div className={className ? `${styles.card} ${className}` : styles.card}>
      <ul className={styles.list}>
        <li>
          <Icon name="mail" size={22} className={styles.icon} />
          <span className={styles.label}>Write to us</span>
          <a href={mailLink(settings.email)}>{settings.email}</a>
        </li>
        <li>
          <Icon name="phone" size={22} className={styles.icon} />
          <span className={styles.label}>Call us</span>
          <a href={telLink(settings.phone)}>{settings.phone}</a>
        </li>
        <li>
          <Icon name="whatsapp" size={22} className={styles.icon} />
          <span className={styles.label}>WhatsApp</span>
          <a
            href={chatLink(settings.chat_number, `${settings.chat_greeting} your properties.`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Chat with an advisor<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <Icon name="pin" size={22} className={styles.icon} />
          <span className={styles.label}>Visit us</span>
          <address className={styles.address}>{settings.address}</address>
        </li>
      </ul>
      <SocialLinks settings={settings} className={styles.social} />
    </div>
  );
}
