/**
 * "Did you mean …?" suggestions for misspelt headers, settings, choices,
 * references and file names.
 */

/**
 * Edit distance counting an insertion, deletion, substitution or swap of two
 * neighbouring letters as one edit ("sqtf" → "sqft" is one typo, not two).
 */
export function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate closest to `input`, ignoring case, when it is near enough to
 * be a typo: at most a third of the input's letters differ (at least one).
 */
export function closest(input: string, candidates: Iterable<string>): string | null {
  const wanted = input.trim().toLowerCase();
  if (wanted === '') return null;
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance && distance <= limit) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` Did you mean "x"?` for the closest candidate, or an empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const suggestion = closest(input, candidates);
  return suggestion === null ? '' : ` Did you mean "${suggestion}"?`;
}
