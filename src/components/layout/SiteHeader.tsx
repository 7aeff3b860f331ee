import type { CSSProperties } from 'react';
import { HEADER_SCROLL_THRESHOLD_PX, HEADER_SCROLLED_OPACITY } from '../../app/constants';
import { useLayout } from '../../app/layout-context';
import { DesktopNav } from './DesktopNav';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { useScrolled } from './use-scrolled';
import styles from './SiteHeader.module.css';

const barStyle = { '--scrolled-opacity': HEADER_SCROLLED_OPACITY } as CSSProperties;

/** The fixed header: transparent over the page's hero at the top, a gold bar once the page scrolls. */
export function SiteHeader() {
  const { settings, nav } = useLayout();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  return (
    <header className={styles.header} data-scrolled={scrolled} style={barStyle}>
      <div className={styles.bar}>
        <Logo name={settings.brand_name} logo={settings.logo} className={styles.logo} />
        <DesktopNav nav={nav} phone={settings.phone} />
        <MobileMenu nav={nav} phone={settings.phone} />
      </div>
    </header>
  );
}
