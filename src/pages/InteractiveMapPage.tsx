import { useLayout } from '../app/layout-context';
import { ContactBlock } from '../components/company/ContactBlock';
import { localityItems, navItems } from '../components/company/link-items';
import { LinkList } from '../components/company/LinkList';
import { Banner } from '../components/ui/Banner';
import { Section } from '../components/ui/Section';

/** /interativeMap (the live site's address, misspelling kept so old links work): what the map will offer, and where to browse meanwhile. */
export function InteractiveMapPage() {
  const { localities, nav } = useLayout();
  return (
    <>
      <Banner title="Interactive Map" kicker="COMING SOON">
        <p>Every property we advise on, on one map of Gurugram.</p>
      </Banner>
      <Section title="What the map will show" width="narrow">
        <p>
          We are putting every pre-rented unit, project under construction and residential launch on one map,
          so you can see at a glance what is available on each road and sector, how far it is from the metro,
          the expressways and the airport, and how rents and prices compare between neighbouring buildings.
        </p>
        <p>
          Until it is ready, browse by locality or by kind of property below, or ask an advisor for a
          shortlist.
        </p>
      </Section>
      <Section title="Browse by locality" tone="ivory">
        <LinkList links={localityItems(localities)} />
      </Section>
      <Section title="Browse by property">
        <LinkList links={navItems(nav['footer-property'])} />
      </Section>
      <ContactBlock
        title="Prefer a personal shortlist?"
        text="Tell us the area, budget and kind of property; we send you the options that fit."
      />
    </>
  );
}
