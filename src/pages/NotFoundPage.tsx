import { useLayout } from '../app/layout-context';
import { localityItems, navItems } from '../components/company/link-items';
import { LinkList } from '../components/company/LinkList';
import { Banner } from '../components/ui/Banner';
import { Section } from '../components/ui/Section';
import { PATHS } from '../data/links';

/** 404.html: served for every unknown address, with ways back into the site. */
export function NotFoundPage() {
  const { localities, nav } = useLayout();
  const home = { href: '/', label: 'Home', note: 'Featured listings' };
  const contact = { href: PATHS.contactUs, label: 'Contact Us', note: 'Ask an advisor' };
  return (
    <>
      <Banner title="Page not found" kicker="Error 404">
        <p>This address does not lead to a page, perhaps because a property was sold or renamed.</p>
      </Banner>
      <Section title="Property lists">
        <LinkList links={[home, ...navItems(nav['footer-property']), contact]} />
      </Section>
      <Section title="Localities" tone="ivory">
        <LinkList links={localityItems(localities)} />
      </Section>
    </>
  );
}
