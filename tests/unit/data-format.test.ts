import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatNumber,
  formatAreas,
  formatMonths,
  formatNumberList,
  formatPercent,
  formatPrice,
  formatRate,
  formatRupees,
  formatStatistic,
  formatYears,
  NONE,
  orNone,
} from '../../src/data/format';

describe('format', () => {
  it('groups rupees the Indian way', () => {
    expect(formatRupees(63300000)).toBe('₹6,33,00,000');
    expect(formatRupees(9000000)).toBe('₹90,00,000');
    expect(formatRupees(95340)).toBe('₹95,340');
    expect(formatRupees(1556325)).toBe('₹15,56,325');
  });

  it('writes prices in crore or lakh as buyers say them, only when that is exact to the rupee', () => {
    expect(formatPrice(63300000)).toBe('₹6.33 Cr');
    expect(formatPrice(35000000)).toBe('₹3.5 Cr');
    expect(formatPrice(10000000)).toBe('₹1 Cr');
    expect(formatPrice(9000000)).toBe('₹90 Lakh');
    expect(formatPrice(9250000)).toBe('₹92.5 Lakh');
    expect(formatPrice(20745500)).toBe('₹2,07,45,500');
    expect(formatPrice(9012345)).toBe('₹90,12,345');
    expect(formatPrice(95340)).toBe('₹95,340');
  });

  it('writes rates with paise only when there are any', () => {
    expect(formatRate(112.67)).toBe('₹112.67');
    expect(formatRate(110)).toBe('₹110');
  });

  it('writes areas, one or several', () => {
    expect(formatArea(40000)).toBe('40,000 sq.ft');
    expect(formatAreas([10000, 20000, 40000])).toBe('10,000 / 20,000 / 40,000 sq.ft');
    expect(formatAreas([])).toBe(NONE);
    expect(formatNumberList([4600, 9200])).toBe('4,600 / 9,200');
    expect(formatNumberList([])).toBe(NONE);
  });

  it('writes terms with singular and plural', () => {
    expect(formatYears(1)).toBe('1 year');
    expect(formatYears(9)).toBe('9 years');
    expect(formatMonths(6)).toBe('6 months');
    expect(formatPercent(0.0701)).toBe('7.01%');
  });

  it('shows the dash for what the sheet leaves out', () => {
    expect(orNone(null, formatYears)).toBe('—');
    expect(orNone(3, formatYears)).toBe('3 years');
  });

  it('writes headline figures as brochures do, grouping only from five digits', () => {
    expect(formatStatistic(1500, 'Cr+')).toBe('1500 Cr+');
    expect(formatStatistic(1050, '+')).toBe('1050+');
    expect(formatStatistic(0, '+')).toBe('0+');
    expect(formatStatistic(125000, null)).toBe('1,25,000');
    expect(formatStatistic(1.5, 'B+')).toBe('1.5B+');
    expect(formatStatistic(500, 'M')).toBe('500M');
    expect(formatStatistic(20, 'Mn+')).toBe('20 Mn+');
    expect(formatStatistic(40, 'Bank branches')).toBe('40 Bank branches');
  });

  describe('writes exactly what Intl.NumberFormat en-IN writes', () => {
    // The formatter is written out to spare the browser ICU's start-up (see format.ts);
    // these values cover every length of grouping, rounding at and around halves, and signs.
    const values = [
      0,
      -0,
      1,
      7,
      12,
      999,
      1000,
      1001,
      9999,
      10000,
      12345,
      99999,
      100000,
      123456,
      999999.995,
      1234567,
      12345678.9,
      63300000,
      123456789012,
      9007199254740991,
      1e21,
      1.5e22,
      0.001,
      0.004,
      0.005,
      0.015,
      1.005,
      1.235,
      2.675,
      46.305,
      112.67,
      0.1 + 0.2,
      1 / 3,
      2 / 3,
      5e-7,
      -1,
      -1234.565,
      -0.004,
      -98765.4321,
    ];
    const seeded = Array.from({ length: 2000 }, (_, i) => {
      const x = Math.sin(i + 1) * 10000;
      return (x - Math.floor(x)) * 10 ** (i % 12) * (i % 7 === 0 ? -1 : 1);
    });
    const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-IN', options);
    const cases = [
      [formatRupees, intl({ style: 'currency', currency: 'INR', maximumFractionDigits: 0 })],
      [
        formatRate,
        intl({ style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
      ],
      [formatNumber, intl({ maximumFractionDigits: 2 })],
      [(v: number) => formatStatistic(v, null), intl({ maximumFractionDigits: 2, useGrouping: 'min2' })],
    ] as const;

    it.each(cases.map(([format, reference]) => [format.name || 'formatStatistic', format, reference]))(
      '%s',
      (_, format, reference) => {
        for (const value of [...values, ...seeded])
          expect([value, format(value)]).toEqual([value, reference.format(value)]);
      },
    );
  });
});
