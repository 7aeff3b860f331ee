/**
 * Finds a locality by the way other sheets write it: its name or one of its
 * spellings, ignoring case and repeated spaces ("Dwarka, Delhi" → Dwarka Delhi).
 */
export const spellingKey = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

function indexLocalities<L extends { name?: string; spellings?: string[] }>(localities: readonly L[]): Map<string, L> {
  const index = new Map<string, L>();
  for (const locality of localities) {
    for (const spelling of [locality.name, ...(locality.spellings ?? [])]) {
      if (spelling !== undefined && !index.has(spellingKey(spelling))) index.set(spellingKey(spelling), locality);
    }
  }
  return index;
}

/** Looks localities up by the text of a cell; remembers each distinct text, as thousands of records repeat a few. */
export function localityResolver<L extends { name?: string; spellings?: string[] }>(
  localities: readonly L[],
): (text: string | null) => L | undefined {
  const index = indexLocalities(localities);
  const resolved = new Map<string, L | undefined>();
  return (text) => {
    if (text === null) return undefined;
    if (!resolved.has(text)) resolved.set(text, index.get(spellingKey(text)));
    return resolved.get(text);
  };
}
