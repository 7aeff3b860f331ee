import type { PreRentedCard as PreRentedCardData } from '../../data/pre-rented';
import { CardGrid } from './CardGrid';
import { EmptyCategory } from './EmptyCategory';
import { PreRentedCard } from './PreRentedCard';

/** Pre-rented cards, or the empty-category message when there are none. */
export function PreRentedGrid({
  cards,
  label,
  headingLevel = 3,
}: {
  cards: readonly PreRentedCardData[];
  label?: string;
  headingLevel?: 3 | 4;
}) {
  if (cards.length === 0) return <EmptyCategory />;
  return (
    <CardGrid label={label}>
      {cards.map((card) => (
        <li key={card.row}>
          <PreRentedCard card={card} headingLevel={headingLevel} compact />
        </li>
      ))}
    </CardGrid>
  );
}
