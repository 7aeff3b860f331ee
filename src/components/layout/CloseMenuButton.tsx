import { Icon } from '../ui/Icon';
import { useHydrated } from './use-hydrated';
import styles from './MobileMenu.module.css';

/**
 * Close menu, shown once the script runs (without it the icon closes the panel). A component
 * of its own: the re-render that hydration's end sets off stays with this button instead of
 * going through every link of the menu.
 */
export function CloseMenuButton({ onClose }: { onClose: () => void }) {
  if (!useHydrated()) return null;
  return (
    <button type="button" className={styles.close} onClick={onClose}>
      <Icon name="close" size={18} />
      Close menu
    </button>
  );
}
