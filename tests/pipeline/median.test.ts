import { describe, expect, it } from 'vitest';
import { median } from '../../pipeline/median';

describe('median', () => {
  it('takes the middle of an odd count, whatever the order', () => {
    expect(median([1.58, 0.93, 1.23])).toBe(1.23);
  });

  it('takes the upper middle of an even count: a figure a run gave', () => {
    expect(median([1.44, 1.22, 1.35, 1.95])).toBe(1.44);
  });

  it('is NaN for no figures', () => {
    expect(median([])).toBeNaN();
  });

  it('leaves the figures in their order', () => {
    const figures = [3, 1, 2];
    median(figures);
    expect(figures).toEqual([3, 1, 2]);
  });
});
