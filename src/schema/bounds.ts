/**
 * What a property can plausibly cost, rent for and earn, and how large its
 * pictures must be. A cell outside the outer bounds cannot be right (an error:
 * "6.33" for ₹6.33 Cr reads as ₹6); outside the inner ones it is only unlikely
 * (a warning). sheets/README.md lists these (npm run docs:sheets), and the
 * pipeline's messages quote them.
 */

/** Lower and upper limits; either may be absent. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

export interface Bounds {
  /** What the amount is, in the words of a message: "a property's price". */
  readonly what: string;
  /** Outside this the amount cannot be right: an error. */
  readonly possible: Range;
  /** Outside this (but possible) the amount is unusual: a warning. */
  readonly usual: Range;
}

const LAKH = 1e5;
const CRORE = 1e7;

export const AMOUNT_BOUNDS = {
  /** Asking prices: projects' price_from, featured cards, pre-rented units' asking price. */
  price: {
    what: 'the price of a property',
    possible: { min: 1 * LAKH, max: 10_000 * CRORE },
    usual: { min: 10 * LAKH, max: 500 * CRORE },
  },
  /** Monthly rents of leased units and of the home page's cards. */
  rent: {
    what: 'the monthly rent of a property',
    possible: { min: 1_000, max: 10 * CRORE },
    usual: { min: 10_000, max: 1 * CRORE },
  },
  /** Gross yield, 12 × monthly rent ÷ asking price, as a fraction (0.07 is 7 %). */
  grossYield: {
    what: 'the gross yield of a leased property',
    possible: { min: 0.003, max: 0.3 },
    usual: { min: 0.01, max: 0.15 },
  },
} as const satisfies Record<string, Bounds>;

export type AmountKind = keyof typeof AMOUNT_BOUNDS;

/** Smallest picture that stays sharp where it is shown; smaller ones get a warning. */
export interface PictureSize {
  /** Where such pictures show, in the words of sheets/README.md. */
  readonly use: string;
  readonly width: number;
  /** Zero when only the width matters. */
  readonly height: number;
}

export const PICTURE_SIZES = {
  hero: { use: 'heroes and galleries', width: 1600, height: 0 },
  card: { use: 'cards', width: 1200, height: 0 },
  portrait: { use: 'portraits', width: 800, height: 800 },
} as const satisfies Record<string, PictureSize>;
