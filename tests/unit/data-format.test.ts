import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatAreas,
  formatMonths,
  formatNumberList,
  formatPercent,
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

  it('writes headline figures as the spec does, grouping only from five digits', () => {
    expect(formatStatistic(1500, 'Cr+')).toBe('1500 Cr+');
    expect(formatStatistic(1050, '+')).toBe('1050+');
    expect(formatStatistic(0, '+')).toBe('0+');
    expect(formatStatistic(125000, null)).toBe('1,25,000');
  });
});
