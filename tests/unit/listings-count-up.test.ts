import { describe, expect, it } from 'vitest';
import { countUpValue } from '../../src/components/home/count-up';

describe('countUpValue', () => {
  it('runs from 0 to the exact target', () => {
    expect(countUpValue(1500, 0, 10000)).toBe(0);
    expect(countUpValue(1500, -5, 10000)).toBe(0);
    expect(countUpValue(1500, 10000, 10000)).toBe(1500);
    expect(countUpValue(1500, 12000, 10000)).toBe(1500);
  });

  it('rises fast, then settles, in whole numbers that never fall back', () => {
    let previous = 0;
    for (let t = 0; t <= 10000; t += 250) {
      const value = countUpValue(1050, t, 10000);
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
    expect(countUpValue(1000, 5000, 10000)).toBe(875);
  });
});
