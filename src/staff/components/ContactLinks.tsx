import { contactLinks } from '../../data/staff';
import type { LeadRow } from '../../schema/staff';
import { useMe } from '../queries/use-me';
import styles from './ContactLinks.module.css';

/** Call, WhatsApp (a greeting naming the project already typed) and email, each a tap on a phone. */
export function ContactLinks({ lead }: { lead: Pick<LeadRow, 'name' | 'project' | 'phone' | 'email'> }) {
  const me = useMe();
  const links = contactLinks(lead, me.data?.name ?? 'the sales team');
  const who = lead.name || 'this lead';
  return (
    <span className={styles.links}>
      {links.call === null ? null : (
        <a href={links.call} className={styles.link} aria-label={`Call ${who}`}>
          Call
        </a>
      )}
      {links.whatsapp === null ? null : (
        <a
          href={links.whatsapp}
          className={styles.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${who}`}
        >
          WhatsApp
        </a>
      )}
      {links.email === null ? null : (
        <a href={links.email} className={styles.link} aria-label={`Email ${who}`}>
          Email
        </a>
      )}
    </span>
  );
}
