/**
 * The middle of a benchmark's repeated figures: the upper of the two middles of an even count,
 * a figure one run actually gave; NaN for none, which prints as such rather than as a number.
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
