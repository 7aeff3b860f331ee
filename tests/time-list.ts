/**
 * The lists both test runners' CI summaries end with (tests/e2e/ci-summary.ts,
 * tests/unit-summary.ts): the slowest entries first, each with its seconds. Imports
 * neither runner, so that each can load it.
 */

/** Entries listed. */
const SLOWEST = 12;

const seconds = (ms: number) => `${(ms / 1000).toFixed(0).padStart(4)} s`;

/** `title`, then the slowest of `entries`, a line each. */
export function timeList(title: string, entries: readonly { name: string; ms: number }[]): string {
  const slowest = [...entries].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  return `${title}:\n${slowest.map(({ name, ms }) => `${seconds(ms)}  ${name}`).join('\n')}`;
}
