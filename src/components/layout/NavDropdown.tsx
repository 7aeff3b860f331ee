import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Icon } from '../ui/Icon';
import styles from './NavDropdown.module.css';

interface NavDropdownProps {
  label: string;
  /** A submenu inside another menu: it opens to the side. */
  nested?: boolean;
  /** The menu's <li> items. */
  children: ReactNode;
}

/**
 * A menu built on <details>, so it opens and closes by click, tap and keyboard without
 * JavaScript. The script adds what a desktop visitor expects: opening on hover, closing
 * on Escape (focus goes back to the toggle), on a click elsewhere and when focus leaves.
 */
export function NavDropdown({ label, nested = false, children }: NavDropdownProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  // A click right after hover opened the menu would toggle it shut under the pointer.
  const openedByHover = useRef(false);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeOutside = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);

  const setOpen = (open: boolean) => {
    if (ref.current) ref.current.open = open;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !ref.current?.open) return;
    event.stopPropagation();
    setOpen(false);
    ref.current.querySelector('summary')?.focus();
  };

  return (
    <details
      ref={ref}
      className={nested ? `${styles.dropdown} ${styles.nested}` : styles.dropdown}
      data-menu
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || ref.current?.open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <summary
        className={styles.toggle}
        onClick={(event) => {
          if (openedByHover.current) event.preventDefault();
          openedByHover.current = false;
        }}
      >
        {label}
        <Icon name={nested ? 'chevron-right' : 'chevron'} size={16} className={styles.chevron} />
      </summary>
      <ul className={styles.menu}>{children}</ul>
    </details>
  );
}
