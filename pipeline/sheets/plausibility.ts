/**
 * Amounts that convert but are unlikely for a property: a price or rent
 * outside its usual range (src/schema/bounds.ts; the converters already
 * refused the impossible ones), and a gross yield no leased unit earns. Each
 * message says which number looks wrong and what was probably meant.
 */
import type { z } from 'zod';
import { AMOUNT_BOUNDS, amountKind, SHEETS, type AmountKind } from '../../src/schema';
import { formatMoney } from '../../src/schema/format';
import { problemAt, type Problem } from './problem';
import { roundTo } from './row-rules';
import { TABLE_NAMES, type Tables } from './tables';
import { cellPlace, type TableResult } from './validate-table';

/** Rent per sq ft a month that Gurugram and Delhi units fetch: decides whether the rent or the price of an odd yield is off. */
const USUAL_RENT_PER_SQFT = { min: 15, max: 350 };

/** A gross yield a leased unit commonly earns: what a corrected number should come near. */
const TYPICAL_YIELD = 0.07;

const percent = (fraction: number) => `${roundTo(fraction * 100, 2).toLocaleString('en-IN')} %`;
const range = (min: string, max: string) => `usually ${min} to ${max}`;

function unusualAmount(value: number, kind: AmountKind): string | null {
  const { what, usual } = AMOUNT_BOUNDS[kind];
  const usually = range(formatMoney(usual.min), formatMoney(usual.max));
  if (value < usual.min) {
    const meant = kind === 'price' ? ` If ${formatMoney(value * 100)} was meant, correct it.` : ' Check for missing zeros.';
    return `${formatMoney(value)} is unusually low for ${what} (${usually}). If it is right, leave it.${meant}`;
  }
  if (value > usual.max) {
    const meant =
      kind === 'rent'
        ? ' Check that it is the rent of one month, not of a year, nor the price.'
        : ' Check the zeros.';
    return `${formatMoney(value)} is unusually high for ${what} (${usually}). If it is right, leave it.${meant}`;
  }
  return null;
}

/** The price and rent columns of a sheet, with their kind. */
function amountFields(result: TableResult<unknown>, shape: Readonly<Record<string, z.ZodType>>): [string, AmountKind][] {
  return Object.entries(shape).flatMap(([field, schema]): [string, AmountKind][] => {
    const kind = amountKind(schema);
    return kind === null || result.columns?.indexOf.has(field) !== true ? [] : [[field, kind]];
  });
}

function checkUnusualAmounts(
  result: TableResult<unknown>,
  shape: Readonly<Record<string, z.ZodType>>,
  problems: Problem[],
): void {
  for (const [field, kind] of amountFields(result, shape)) {
    const { min, max } = AMOUNT_BOUNDS[kind].usual;
    for (const row of result.rows) {
      const value = (row.data as Record<string, unknown>)[field];
      if (typeof value !== 'number' || (value >= min && value <= max)) continue;
      const message = unusualAmount(value, kind);
      if (message !== null) problems.push(problemAt(cellPlace(result, row, field), 'amount', message, 'warning'));
    }
  }
}

/**
 * The yield of a unit outside its usual range: the rent or the price is off by
 * a power of ten, and the rent per sq ft tells which. A rent whose rate per sq
 * ft is unusual, and usual once corrected, is the wrong one; otherwise the price.
 */
function checkGrossYields(preRented: Tables['preRented'], problems: Problem[]): void {
  const { usual, possible, what } = AMOUNT_BOUNDS.grossYield;
  for (const row of preRented.rows) {
    const { rent, asking_price: price, total_area: area } = row.data;
    if (rent === undefined || price === undefined || price === null) continue;
    const grossYield = (12 * rent) / price;
    if (grossYield >= usual.min && grossYield <= usual.max) continue;
    const error = grossYield < possible.min || grossYield > possible.max;
    const factor = 10 ** Math.round(Math.log10(grossYield / TYPICAL_YIELD));
    const perSqft = area === undefined ? null : rent / area;
    const rentIsOff =
      perSqft !== null &&
      (perSqft < USUAL_RENT_PER_SQFT.min || perSqft > USUAL_RENT_PER_SQFT.max) &&
      perSqft / factor >= USUAL_RENT_PER_SQFT.min &&
      perSqft / factor <= USUAL_RENT_PER_SQFT.max;
    const times = factor >= 1 ? `${factor.toLocaleString('en-IN')} times too big` : `${(1 / factor).toLocaleString('en-IN')} times too small`;
    const fixedYield = percent(grossYield / factor);
    const guess =
      factor === 1
        ? ''
        : rentIsOff
          ? ` The rent looks ${times}: ${formatMoney(rent / factor)} a month (₹${roundTo(perSqft / factor, 2).toLocaleString('en-IN')} per sq ft) would give ${fixedYield}.`
          : ` The asking price looks ${factor >= 1 ? `${factor.toLocaleString('en-IN')} times too small` : `${(1 / factor).toLocaleString('en-IN')} times too big`}: ${formatMoney(price * factor)} would give ${fixedYield}.`;
    const limit = error ? `; ${grossYield > possible.max ? `over ${percent(possible.max)}` : `under ${percent(possible.min)}`} cannot be right` : '';
    problems.push(
      problemAt(
        cellPlace(preRented, row, rentIsOff ? 'rent' : 'asking_price'),
        'gross-yield',
        `The gross yield comes to ${percent(grossYield)} (12 × monthly rent ${formatMoney(rent)} ÷ asking price ${formatMoney(price)}), outside ${what} (${range(percent(usual.min), percent(usual.max))}${limit}).${guess} Correct the rent or the asking price.`,
        error ? 'error' : 'warning',
      ),
    );
  }
}

export function checkPlausibility(tables: Tables, problems: Problem[]): void {
  for (const name of TABLE_NAMES) {
    checkUnusualAmounts(tables[name], SHEETS[name].schema.shape as Readonly<Record<string, z.ZodType>>, problems);
  }
  checkGrossYields(tables.preRented, problems);
}
