import { useLayout } from '../../app/layout-context';
import { mailLink, PATHS, telLink } from '../../data/links';
import { Icon } from '../ui/Icon';
import styles from './ContactBlock.module.css';

/** A closing band inviting the visitor to talk to the team (Achievements and the info pages). */
export function ContactBlock({ title, text }: { title: string; text: string }) {
  const { settings } = useLayout();
  return (
    <aside className={styles.block} aria-label="Contact us">
      <div className={styles.inner}>
        <div>
          <h2 className={styles.title}>{title}</h2>
          <p className={styles.text}>{text}</p>
        </div>
        <div className={styles.actions}>
          <a className={styles.primary} href={telLink(settings.phone)}>
            <Icon name="phone" size={18} />
            {settings.phone}
          </a>
          <a className={styles.secondary} href={mailLink(settings.email)}>
            <Icon name="mail" size={18} />
            {settings.email}
          </a>
          <a className={styles.secondary} href={PATHS.contactUs}>
            Contact Us
            <Icon name="arrow-right" size={18} />
          </a>
        </div>
      </div>
    </aside>
  );
}
