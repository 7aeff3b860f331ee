import { useLayout } from '../../app/layout-context';
import { localityPath, mailLink, telLink } from '../../data/links';
import { countLabel } from '../../data/localities';
import { Icon } from '../ui/Icon';
import { FooterColumn } from './FooterColumn';
import { Logo } from './Logo';
import { SocialLinks } from './SocialLinks';
import styles from './SiteFooter.module.css';

/** The footer of every page: who we are, how to reach us and every section of the site. */
export function SiteFooter() {
  const { settings, nav, localities, year } = useLayout();
  const localityLinks = localities.map((l) => ({
    label: l.name,
    note: countLabel(l.count),
    href: localityPath(l.route),
  }));
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Logo name={settings.brand_name} logo={settings.logo} tone="light" />
          <p className={styles.description}>{settings.description}</p>
          <address className={styles.contact}>
            <span className={styles.line}>
              <Icon name="pin" size={18} />
              {settings.address}
            </span>
            <a className={styles.line} href={mailLink(settings.email)}>
              <Icon name="mail" size={18} />
              {settings.email}
            </a>
            <a className={styles.line} href={telLink(settings.phone)}>
              <Icon name="phone" size={18} />
              {settings.phone}
            </a>
          </address>
          <p className={styles.licence}>{settings.licence_number}</p>
          <SocialLinks settings={settings} />
        </div>
        <div className={styles.columns}>
          <FooterColumn title="OUR PROPERTY" links={nav['footer-property']} />
          <FooterColumn title="SELLERS" links={nav['footer-sellers']} />
          <FooterColumn title="COMPANY" links={nav['footer-company']} />
          <FooterColumn title="LOCALITY" links={localityLinks} />
        </div>
      </div>
      <div className={styles.bottom}>
        <p>
          © {year} {settings.brand_name}. All rights reserved.
        </p>
        <ul className={styles.legal}>
          {nav['footer-legal'].map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
