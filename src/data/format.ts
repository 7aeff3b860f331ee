/** Display formatting for numbers parsed by the pipeline. Indian digit grouping throughout. */

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesWithPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const plain = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** ₹6,33,00,000 */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** ₹46.31 — for rates such as rent per sq ft. */
export function formatRate(amount: number): string {
  return rupeesWithPaise.format(amount);
}

/** 4,500 sq.ft */
export function formatArea(sqft: number): string {
  return `${plain.format(sqft)} sq.ft`;
}

/** 1,500 */
export function formatNumber(value: number): string {
  return plain.format(value);
}

/** 7.25% */
export function formatPercent(fraction: number): string {
  return `${plain.format(Math.round(fraction * 10000) / 100)}%`;
}

/** "9 years", "1 year" */
export function formatYears(years: number): string {
  return `${plain.format(years)} ${years === 1 ? 'year' : 'years'}`;
}

/** "6 months", "1 month" */
export function formatMonths(months: number): string {
  return `${plain.format(months)} ${months === 1 ? 'month' : 'months'}`;
}

/** Shown in place of a value the sheet leaves out. */
export const NONE = '—';

/** A value formatted, or the dash when there is none. */
export function orNone<T>(value: T | null, format: (value: T) => string): string {
  return value === null ? NONE : format(value);
}

/** "4,600 / 9,200" — several figures; the dash when there is none. */
export function formatNumberList(values: readonly number[]): string {
  return values.length === 0 ? NONE : values.map((v) => plain.format(v)).join(' / ');
}

/** "4,600 / 9,200 sq.ft" — every unit on offer; the dash when there is none. */
export function formatAreas(values: readonly number[]): string {
  return values.length === 0 ? NONE : `${values.map((v) => plain.format(v)).join(' / ')} sq.ft`;
}

const statistic = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, useGrouping: 'min2' });

/** "1500 Cr+", "1050+": a headline figure, grouped only from five digits as such figures are written. */
export function formatStatistic(value: number, suffix: string | null): string {
  return `${statistic.format(value)}${suffix === null ? '' : suffix.startsWith('+') ? suffix : ` ${suffix}`}`;
}
