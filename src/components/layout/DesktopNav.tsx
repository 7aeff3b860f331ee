import { usePagePath } from '../../app/page-path-context';
import type { LayoutData } from '../../app/payload';
import { telLink } from '../../data/links';
import { Icon } from '../ui/Icon';
import { currentFor } from './nav-links';
import { NavDropdown } from './NavDropdown';
import styles from './DesktopNav.module.css';

/** The header's menu on wide screens: All Property (with Commercial nested), the company pages and the phone. */
export function DesktopNav({ nav, phone }: { nav: LayoutData['nav']; phone: string }) {
  const pathname = usePagePath();
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        <li>
          <NavDropdown label="All Property">
            {nav.residential.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={currentFor(link, pathname)}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <NavDropdown label="Commercial Property" nested>
                {nav.commercial.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} aria-current={currentFor(link, pathname)}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </NavDropdown>
            </li>
          </NavDropdown>
        </li>
        {nav.main.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={styles.link} aria-current={currentFor(link, pathname)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <a href={telLink(phone)} className={styles.phone}>
        <Icon name="phone" size={18} />
        {phone}
      </a>
    </nav>
  );
}
