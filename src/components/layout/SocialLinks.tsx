import type { Settings } from '../../schema/settings';
import type { IconName } from '../ui/Icon';
import { Icon } from '../ui/Icon';
import styles from './SocialLinks.module.css';

const NETWORKS: readonly { name: string; icon: IconName; url: (s: Settings) => string }[] = [
  { name: 'Facebook', icon: 'facebook', url: (s) => s.facebook_url },
  { name: 'YouTube', icon: 'youtube', url: (s) => s.youtube_url },
  { name: 'LinkedIn', icon: 'linkedin', url: (s) => s.linkedin_url },
  { name: 'Instagram', icon: 'instagram', url: (s) => s.instagram_url },
];

/** The brokerage's social pages, each opening in a new tab; addresses from the settings sheet. */
export function SocialLinks({ settings, className }: { settings: Settings; className?: string }) {
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list}>
      {NETWORKS.map((network) => (
        <li key={network.name}>
          <a
            href={network.url(settings)}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
            aria-label={`${settings.brand_name} on ${network.name} (opens in a new tab)`}
          >
            <Icon name={network.icon} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
