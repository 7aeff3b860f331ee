import { formatRupees } from '../../data/format';
import { PATHS } from '../../data/links';
import type { HomeData } from '../../data/page-data/home-data';
import { ListingCard } from '../listings/ListingCard';
import { ReraLine } from '../listings/ReraLine';
import { Section } from '../ui/Section';
import { CardRow } from './CardRow';
import { ViewAllLink } from './ViewAllLink';

/** FEATURED LISTING: the featured sheet's cards in its order, each with its asking price. */
export function FeaturedListing({ featured }: { featured: HomeData['featured'] }) {
  return (
    <Section title="FEATURED LISTING" kicker="Handpicked for you">
      <CardRow label="Featured properties">
        {featured.map((card) => (
          <li key={card.project}>
            <ListingCard
              image={card.image}
              title={card.name}
              href={card.path}
              highlight={formatRupees(card.price)}
              footer={<ReraLine rera={card.rera} />}
            />
          </li>
        ))}
      </CardRow>
      <ViewAllLink href={PATHS.underConstruction} label="VIEW ALL PROPERTIES +" />
    </Section>
  );
}
