import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { usePagePath } from '../../app/page-path-context';
import type { LayoutData } from '../../app/payload';
import { telLink } from '../../data/links';
import { Icon } from '../ui/Icon';
import { CloseMenuButton } from './CloseMenuButton';
import { currentFor } from './nav-links';
import styles from './MobileMenu.module.css';

const FOCUSABLE = 'summary, a[href], button:not([disabled])';

/**
 * The header's menu on small screens: a <details> panel, so the icon opens and closes it
 * without JavaScript too. With the script, focus moves into the open panel and stays in it,
 * Escape and the Close menu button close it and focus returns to the menu icon.
 */
export function MobileMenu({ nav, phone }: { nav: LayoutData['nav']; phone: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const pathname = usePagePath();
  const links = nav.mobile;

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.dataset.menuOpen = 'true';
    ref.current?.querySelector<HTMLElement>(`.${styles.panel} a`)?.focus();
    return () => {
      delete root.dataset.menuOpen;
    };
  }, [open]);

  const close = () => {
    const details = ref.current;
    if (!details) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <details
      ref={ref}
      className={styles.menu}
      data-menu
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary className={styles.toggle} aria-label="Menu">
        <Icon name={open ? 'close' : 'menu'} size={26} />
      </summary>
      <div className={styles.panel}>
        <nav aria-label="Main">
          <ul className={styles.list}>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={currentFor(link, pathname)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a href={telLink(phone)} className={styles.phone}>
          <Icon name="phone" size={20} />
          {phone}
        </a>
        <CloseMenuButton onClose={close} />
      </div>
    </details>
  );
}
