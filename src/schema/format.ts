/**
 * Display formatting for numbers parsed by the pipeline: Indian digit grouping (en-IN)
 * throughout.
 *
 * Written out rather than taken from `Intl.NumberFormat`: a browser's first `Intl` object
 * loads ICU's locale data, 30–80 ms on this machine's Chromium and four times that on a
 * mid-range phone, and hydration formats every price on the page. The unit tests hold
 * these functions to `Intl.NumberFormat('en-IN')`'s output.
 */

/** The digits of |value| rounded to at most `maxFraction` decimals, half away from zero as Intl rounds. */
function roundedDigits(abs: number, maxFraction: number): { whole: string; fraction: string } {
  // The shortest decimal that reads back as the number: what Intl rounds, so 1.005 → 1.01.
  const [whole = '0', decimals = ''] =
    abs >= 1e21
      ? [BigInt(abs).toString()]
      : Number.isInteger(abs)
        ? [String(abs)]
        : abs < 1e-6
          ? ['0']
          : String(abs).split('.');
  if (decimals.length <= maxFraction) return { whole, fraction: decimals };
  const roundUp = decimals.charAt(maxFraction) >= '5';
  const scaled = (BigInt(whole + decimals.slice(0, maxFraction)) + (roundUp ? 1n : 0n))
    .toString()
    .padStart(maxFraction + 1, '0');
  return {
    whole: scaled.slice(0, scaled.length - maxFraction),
    fraction: scaled.slice(scaled.length - maxFraction),
  };
}

/** 1,23,45,678: the last three digits, then pairs; none below `minGroupDigits` + 3 digits. */
function groupIndian(whole: string, minGroupDigits: 1 | 2): string {
  if (whole.length < 3 + minGroupDigits) return whole;
  const head = whole.slice(0, -3);
  const pairs = head.length % 2 === 1 ? [head.slice(0, 1)] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(',')},${whole.slice(-3)}`;
}

function decimal(value: number, maxFraction: number, prefix = '', minGroupDigits: 1 | 2 = 1): string {
  const { whole, fraction } = roundedDigits(Math.abs(value), maxFraction);
  const shown = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${prefix}${groupIndian(whole, minGroupDigits)}${shown ? `.${shown}` : ''}`;
}

/** ₹6,33,00,000: every rupee, as Intl writes INR. */
function fullRupees(amount: number): string {
  return decimal(amount, 0, '₹');
}

const CRORE = 1e7;
const LAKH = 1e5;

interface MoneyOptions {
  /** A monthly rent: "₹2.08 L/month". */
  perMonth?: boolean;
  /**
   * Where a page gives the full details (a project's key facts, the comparison table, a lease's
   * terms), a figure that rounding changed is followed by every rupee of it: "₹2.07 Cr
   * (₹2,07,45,500)". A card's headline rounds, as buyers expect; the details never quote a
   * price or rent the sheet did not give.
   */
  exact?: boolean;
}

/** A money figure in parts: the rounded figure and, when rounding changed it, every rupee. */
interface MoneyParts {
  /** "₹6.33 Cr", "₹2.08 L", "₹95,340". */
  figure: string;
  /** "₹2,07,45,500" when `figure` is not exactly the amount; otherwise null. */
  exact: string | null;
}

/**
 * The site's one way of writing a price or rent, as buyers in India say it: in crores or lakhs
 * to two decimals, and in full digits only under a lakh, where every rupee still reads at a
 * glance.
 */
export function moneyParts(amount: number): MoneyParts {
  if (Math.abs(amount) < LAKH) return { figure: fullRupees(amount), exact: null };
  // Rounded before the unit is chosen, so ₹99,99,999 reads ₹1 Cr rather than ₹100 L.
  const inCrores = Number(roundedDigits(Math.abs(amount) / LAKH, 2).whole) >= 100;
  const unit = inCrores ? CRORE : LAKH;
  // Two decimals of the unit: whole thousands of a lakh, whole lakhs of a crore.
  const exact = amount % (unit / 100) === 0;
  return {
    figure: `${decimal(amount / unit, 2, '₹')} ${inCrores ? 'Cr' : 'L'}`,
    exact: exact ? null : fullRupees(amount),
  };
}

/** "₹6.33 Cr", "₹2.08 L/month", "₹2.07 Cr (₹2,07,45,500)": see moneyParts and MoneyOptions. */
export function formatMoney(amount: number, { perMonth = false, exact = false }: MoneyOptions = {}): string {
  const parts = moneyParts(amount);
  const figure = perMonth ? `${parts.figure}/month` : parts.figure;
  return exact && parts.exact !== null ? `${figure} (${parts.exact})` : figure;
}

/** ₹46.31 — for rates such as rent per sq ft. */
export function formatRate(amount: number): string {
  return decimal(amount, 2, '₹');
}

/** 4,500 sq.ft */
export function formatArea(sqft: number): string {
  return `${formatNumber(sqft)} sq.ft`;
}

/** 1,500 */
export function formatNumber(value: number): string {
  return decimal(value, 2);
}

/** A fraction as a percentage to the basis point: 0.0725 → 7.25. */
export const percentOf = (fraction: number) => Math.round(fraction * 10000) / 100;

/** 7.25% */
export function formatPercent(fraction: number): string {
  return `${formatNumber(percentOf(fraction))}%`;
}

/** "9 years", "1 year" */
export function formatYears(years: number): string {
  return `${formatNumber(years)} ${years === 1 ? 'year' : 'years'}`;
}

/** "6 months", "1 month" */
export function formatMonths(months: number): string {
  return `${formatNumber(months)} ${months === 1 ? 'month' : 'months'}`;
}

/** Shown in place of a value the sheet leaves out. */
export const NONE = '—';

/** A value formatted, or the dash when there is none. */
export function orNone<T>(value: T | null, format: (value: T) => string): string {
  return value === null ? NONE : format(value);
}

/** "4,600 / 9,200" — several figures; the dash when there is none. */
export function formatNumberList(values: readonly number[]): string {
  return values.length === 0 ? NONE : values.map(formatNumber).join(' / ');
}

/** "4,600 / 9,200 sq.ft" — every unit on offer; the dash when there is none. */
export function formatAreas(values: readonly number[]): string {
  return values.length === 0 ? NONE : `${values.map(formatNumber).join(' / ')} sq.ft`;
}

/** A "+" or a one-letter K, M or B (thousand, million, billion) is written against the number; a word such as Cr after a space. */
const CLOSE_SUFFIX = /^(?:\+|[KMB](?![a-z]))/;

/** "1500 Cr+", "1050+", "1.5B+": a headline figure, to at most two decimals, grouped only from five digits as such figures are written. */
export function formatStatistic(value: number, suffix: string | null): string {
  const figure = decimal(value, 2, '', 2);
  if (suffix === null) return figure;
  return CLOSE_SUFFIX.test(suffix) ? `${figure}${suffix}` : `${figure} ${suffix}`;
}
