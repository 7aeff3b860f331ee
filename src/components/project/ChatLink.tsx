import { Icon } from '../ui/Icon';
import styles from './ChatLink.module.css';

export interface ChatLinkProps {
  /** wa.me address with the first message already typed. */
  href: string;
  projectName: string;
}

/** Opens a WhatsApp chat with the brokerage, the message naming the project. */
export function ChatLink({ href, projectName }: ChatLinkProps) {
  return (
    <a className={styles.chat} href={href} target="_blank" rel="noopener noreferrer">
      <Icon name="whatsapp" size={22} />
      <span>
        Chat about {projectName} on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
