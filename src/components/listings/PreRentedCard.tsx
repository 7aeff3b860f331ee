import { formatMoney, formatPercent } from '../../data/format';
import type { PreRentedCard as PreRentedCardData } from '../../data/pre-rented';
import { ListingCard } from './ListingCard';

/**
 * A pre-rented property in a grid: picture, tenant, monthly rent (and gross yield when the sheet
 * gives an asking price), building and locality; the card opens its page.
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
      {card.grossYield === null ? null : <p>Gross yield {formatPercent(card.grossYield)}</p>}
      <p>{card.building}</p>
      {card.localityName ? <p>{card.localityName}</p> : null}
    </ListingCard>
  );
}
