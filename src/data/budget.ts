/**
 * Budget and yield filters: the bands a buyer picks from ("up to ₹5 L/month", "at least
 * 7 %"), as portals offer them, and the address values that keep a choice. A band is offered
 * only where it splits the listings in view: one that keeps all of them or none is noise.
 */
import { formatMoney, formatNumber, percentOf } from './format';

export interface BandOption {
  /** The bound as the address writes it: a number of rupees or a percentage. */
  value: string;
  label: string;
}

/** Monthly rents, up to which a buyer may look. */
const RENT_BOUNDS = [50_000, 1_00_000, 2_00_000, 5_00_000, 10_00_000, 25_00_000];
/** Asking prices, up to which a buyer may look. */
const PRICE_BOUNDS = [1_00_00_000, 2_00_00_000, 5_00_00_000, 10_00_00_000, 25_00_00_000, 50_00_00_000];
/** Gross yields in per cent, from which a buyer may look. */
const YIELD_BOUNDS = [5, 6, 7, 8, 9];

function splitting(
  values: readonly number[],
  bounds: readonly number[],
  keeps: (v: number, b: number) => boolean,
) {
  return bounds.filter(
    (bound) => values.some((v) => keeps(v, bound)) && values.some((v) => !keeps(v, bound)),
  );
}

const atMost = (value: number, bound: number) => value <= bound;
const atLeast = (value: number, bound: number) => value >= bound;

const rentBands = (rents: readonly number[]): BandOption[] =>
  splitting(rents, RENT_BOUNDS, atMost).map((b) => ({
    value: String(b),
    label: `Up to ${formatMoney(b, { perMonth: true })}`,
  }));

const priceBands = (prices: readonly number[]): BandOption[] =>
  splitting(prices, PRICE_BOUNDS, atMost).map((b) => ({
    value: String(b),
    label: `Up to ${formatMoney(b)}`,
  }));

const yieldBands = (yields: readonly number[]): BandOption[] =>
  splitting(yields.map(percentOf), YIELD_BOUNDS, atLeast).map((b) => ({
    value: String(b),
    label: `${formatNumber(b)}% or more`,
  }));

/** A bound read from the address: a positive number, else none (an old or mistyped link still opens). */
export function boundFromParam(text: string | null): number | null {
  if (text === null || !/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

/** Whether a figure is within an upper bound; an unknown figure is not, once a bound is set. */
const withinMax = (value: number | null, max: number | null) =>
  max === null || (value !== null && value <= max);

/** Whether a figure reaches a lower bound; an unknown figure does not, once a bound is set. */
const reachesMin = (value: number | null, min: number | null) =>
  min === null || (value !== null && value >= min);

/** The address parameters of the budget filters, on every listing that offers them. */
export type BoundParam = 'rentMax' | 'priceMax' | 'yieldMin';

/** How each budget filter is asked, on every listing: its label, and the choice that filters nothing. */
export const BOUND_WORDS: Record<BoundParam, { legend: string; anyLabel: string }> = {
  rentMax: { legend: 'Monthly rent', anyLabel: 'Any rent' },
  priceMax: { legend: 'Budget', anyLabel: 'Any budget' },
  yieldMin: { legend: 'Gross yield', anyLabel: 'Any yield' },
};

/** A budget filter of a listing: which figure of an item it bounds. */
export interface BudgetFilter<T> {
  param: BoundParam;
  figure: (item: T) => number | null;
}

const BANDS: Record<BoundParam, (figures: readonly number[]) => BandOption[]> = {
  rentMax: rentBands,
  priceMax: priceBands,
  yieldMin: yieldBands,
};

/** The bands of one filter that split these items. */
export function budgetBands<T>(filter: BudgetFilter<T>, items: readonly T[]): BandOption[] {
  return BANDS[filter.param](items.flatMap((item) => filter.figure(item) ?? []));
}

/** Whether an item passes a filter's bound (null: no bound); yields are bounded in per cent. */
export function passesBound<T>(filter: BudgetFilter<T>, item: T, bound: number | null): boolean {
  const figure = filter.figure(item);
  if (filter.param !== 'yieldMin') return withinMax(figure, bound);
  return reachesMin(figure === null ? null : percentOf(figure), bound);
}

/** Cards of a project listing: its lowest price within the budget. */
export const PROJECT_BUDGETS: readonly BudgetFilter<{ priceFrom: number | null }>[] = [
  { param: 'priceMax', figure: (p) => p.priceFrom },
];

/** Cards of pre-rented records: their rent within the budget, their yield at least the bound. */
export const PRE_RENTED_BUDGETS: readonly BudgetFilter<{ rent: number; grossYield: number | null }>[] = [
  { param: 'rentMax', figure: (r) => r.rent },
  { param: 'yieldMin', figure: (r) => r.grossYield },
];

/** Records of the comparison table: rent and asking price within the budget, yield at least the bound. */
export const TABLE_BUDGETS: readonly BudgetFilter<{
  rent: number;
  asking_price: number | null;
  grossYield: number | null;
}>[] = [
  { param: 'rentMax', figure: (r) => r.rent },
  { param: 'priceMax', figure: (r) => r.asking_price },
  { param: 'yieldMin', figure: (r) => r.grossYield },
];
