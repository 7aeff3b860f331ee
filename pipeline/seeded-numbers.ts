/**
 * A repeatable stream of numbers in [0, 1) from a 32-bit seed (mulberry32): made-up rows, pictures
 * and names that come out the same on every run, so a benchmark or a test compares like with like.
 */
export function seededNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
