import { formatMoney } from '../../data/format';
import type { HomeData } from '../../data/page-data/home-data';
import { ListingCard } from '../listings/ListingCard';
import { ReraLine } from '../listings/ReraLine';
import { Section } from '../ui/Section';
import { CardRow } from './CardRow';
import { ViewAllLink } from './ViewAllLink';

/** FEATURED LISTING: the featured sheet's cards in its order, each with its asking price, and the listings they come from. */
export function FeaturedListing({
  featured,
  viewAll,
}: {
  featured: HomeData['featured'];
  viewAll: HomeData['featuredViewAll'];
}) {
  return (
    <Section title="FEATURED LISTING" kicker="Handpicked for you">
      <CardRow label="Featured properties">
        {featured.map((card) => (
          <li key={card.project}>
            <ListingCard
              image={card.image}
              title={card.name}
              href={card.path}
              highlight={formatMoney(card.price)}
              footer={<ReraLine rera={card.rera} />}
            />
          </li>
        ))}
      </CardRow>
      <ViewAllLink links={viewAll} />
    </Section>
  );
}
