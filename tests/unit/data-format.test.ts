import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatNumber,
  formatAreas,
  formatMoney,
  moneyParts,
  formatMonths,
  formatNumberList,
  formatPercent,
  formatRate,
  formatStatistic,
  formatYears,
  NONE,
  orNone,
} from '../../src/data/format';

describe('format', () => {
  it('writes money in crore or lakh to two decimals, as buyers say it', () => {
    expect(formatMoney(63300000)).toBe('₹6.33 Cr');
    expect(formatMoney(35000000)).toBe('₹3.5 Cr');
    expect(formatMoney(10000000)).toBe('₹1 Cr');
    expect(formatMoney(9000000)).toBe('₹90 L');
    expect(formatMoney(9250000)).toBe('₹92.5 L');
    expect(formatMoney(100000)).toBe('₹1 L');
    expect(formatMoney(20745500)).toBe('₹2.07 Cr');
    expect(formatMoney(20755500)).toBe('₹2.08 Cr');
    expect(formatMoney(9012345)).toBe('₹90.12 L');
    expect(formatMoney(7032500000)).toBe('₹703.25 Cr');
  });

  it('writes full digits, grouped the Indian way, only under a lakh', () => {
    expect(formatMoney(95340)).toBe('₹95,340');
    expect(formatMoney(99999)).toBe('₹99,999');
    expect(formatMoney(1000)).toBe('₹1,000');
  });

  it('chooses the unit after rounding, so a figure never reads 100 L', () => {
    expect(formatMoney(9999999)).toBe('₹1 Cr');
    expect(formatMoney(9999999, { exact: true })).toBe('₹1 Cr (₹99,99,999)');
    expect(formatMoney(9994999)).toBe('₹99.95 L');
  });

  it('writes a rent per month', () => {
    expect(formatMoney(208439, { perMonth: true })).toBe('₹2.08 L/month');
    expect(formatMoney(95340, { perMonth: true })).toBe('₹95,340/month');
    expect(formatMoney(1556325, { perMonth: true, exact: true })).toBe('₹15.56 L/month (₹15,56,325)');
  });

  it('adds every rupee, where asked, only when rounding changed the figure', () => {
    expect(formatMoney(20745500, { exact: true })).toBe('₹2.07 Cr (₹2,07,45,500)');
    expect(formatMoney(208439, { exact: true })).toBe('₹2.08 L (₹2,08,439)');
    expect(formatMoney(63300000, { exact: true })).toBe('₹6.33 Cr');
    expect(formatMoney(176000, { exact: true })).toBe('₹1.76 L');
    expect(formatMoney(95340, { exact: true })).toBe('₹95,340');
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
      [
        formatRate,
        intl({ style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
      ],
      [formatNumber, intl({ maximumFractionDigits: 2 })],
      [(v: number) => formatStatistic(v, null), intl({ maximumFractionDigits: 2, useGrouping: 'min2' })],
    ] as const;

    it('money: every rupee, under a lakh or as the exact figure, as INR is written', () => {
      const inr = intl({ style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
      for (const value of [...values, ...seeded]) {
        const { figure, exact } = moneyParts(value);
        const full = Math.abs(value) < 1e5 ? figure : exact;
        if (full !== null) expect([value, full]).toEqual([value, inr.format(value)]);
      }
    });

    it.each(cases.map(([format, reference]) => [format.name || 'formatStatistic', format, reference]))(
      '%s',
      (_, format, reference) => {
        for (const value of [...values, ...seeded])
          expect([value, format(value)]).toEqual([value, reference.format(value)]);
      },
    );
  });
});
