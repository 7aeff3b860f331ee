import { formatMoney } from '../../data/format';
import type { PreRentedCard as PreRentedCardData } from '../../data/pre-rented';
import { askingTerms } from '../../data/pre-rented';
import { ListingCard } from './ListingCard';

/**
 * A pre-rented property in a grid: picture, tenant, monthly rent, asking price and gross yield
 * together (or "Price on request"), building and locality; the card opens its page.
 */
export function PreRentedCard({
  card,
  headingLevel = 3,
  compact = false,
}: {
  card: PreRentedCardData;
  headingLevel?: 3 | 4;
  compact?: boolean;
}) {
  return (
    <ListingCard
      image={card.image}
      title={card.tenant}
      href={card.path}
      headingLevel={headingLevel}
      badge="Pre-Rented"
      compact={compact}
      highlight={formatMoney(card.rent, { perMonth: true })}
    >
      <p>{askingTerms(card)}</p>
      <p>{card.building}</p>
      {card.localityName ? <p>{card.localityName}</p> : null}
    </ListingCard>
  );
}
