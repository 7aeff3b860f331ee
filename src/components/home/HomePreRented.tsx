import { formatMoney } from '../../data/format';
import { PATHS } from '../../data/links';
import type { HomeData } from '../../data/page-data/home-data';
import { ListingCard } from '../listings/ListingCard';
import { Section } from '../ui/Section';
import { CardRow } from './CardRow';
import { ViewAllLink } from './ViewAllLink';

/** PRE-RENTED PROPERTIES: the home sheet's tenants with their monthly rent, each opening the tenant's page. */
export function HomePreRented({ cards }: { cards: HomeData['homePreRented'] }) {
  return (
    <Section title="PRE-RENTED PROPERTIES" kicker="Assured rental income" tone="ivory">
      <CardRow label="Pre-rented properties">
        {cards.map((card) => (
          <li key={card.tenant}>
            <ListingCard
              image={card.image}
              title={card.tenant}
              href={card.path}
              badge="Pre-Rented"
              highlight={formatMoney(card.rent, { perMonth: true })}
            />
          </li>
        ))}
      </CardRow>
      <ViewAllLink links={[{ href: PATHS.preRented, label: 'VIEW ALL' }]} />
    </Section>
  );
}
