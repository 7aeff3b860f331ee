/**
 * The near-duplicate check's index against the rule it stands for: every earlier key compared
 * with every later one. The messages are snapshot-tested with the sheets (silent-mistakes.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import type * as DidYouMean from '../../pipeline/sheets/did-you-mean';
import { editDistance } from '../../pipeline/sheets/did-you-mean';
import { seededNumbers } from '../../pipeline/seeded-numbers';
import { nearDuplicates } from '../../pipeline/sheets/near-duplicates';

/** How many pairs of keys the check measured the distance between. */
const comparisons = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../pipeline/sheets/did-you-mean', async (importOriginal) => {
  const original = await importOriginal<typeof DidYouMean>();
  return {
    ...original,
    editDistance: (a: string, b: string) => {
      comparisons.count += 1;
      return original.editDistance(a, b);
    },
  };
});

/**
 * The rule as the warning states it, one pair at a time: the earliest earlier key one letter
 * from a key of four to seven letters, or two from a longer one, unless the two differ only in
 * case or in their digits.
 */
function everyPair(texts: readonly string[]): Map<number, number> {
  const found = new Map<number, number>();
  texts.forEach((text, at) => {
    const a = text.toLowerCase();
    const earlier = texts.slice(0, at).findIndex((other) => {
      const b = other.toLowerCase();
      const shorter = Math.min(a.length, b.length);
      const limit = shorter >= 8 ? 2 : shorter >= 4 ? 1 : 0;
      if (limit === 0 || a === b || a.replace(/\d/g, '') === b.replace(/\d/g, '')) return false;
      return editDistance(a, b) <= limit;
    });
    if (earlier !== -1) found.set(at, earlier);
  });
  return found;
}

const STEMS = [
  'SBI Bank',
  'HDFC Bank',
  'IDFC Bank',
  'PVR',
  'INOX',
  'Tower ',
  'sector',
  'Golf Course Road',
  'Axis',
];

/**
 * Names as sheets hold them: `stems`, numbered or not (below `highest`), some with a letter
 * slipped, dropped, doubled or swapped.
 */
function names(random: () => number, count: number, stems = STEMS, highest = 300): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const typo = (text: string) => {
    const at = Math.floor(random() * text.length);
    const letter = pick([...'abcdefghiklmnorstuy1234567890 ']);
    switch (pick(['slip', 'drop', 'double', 'swap', 'case'] as const)) {
      case 'slip':
        return text.slice(0, at) + letter + text.slice(at + 1);
      case 'drop':
        return text.slice(0, at) + text.slice(at + 1);
      case 'double':
        return text.slice(0, at) + letter + text.slice(at);
      case 'swap':
        return text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
      case 'case':
        return text.toUpperCase();
    }
  };
  const texts = new Set<string>();
  while (texts.size < count) {
    let text = pick(stems);
    if (random() < 0.6) text += `${random() < 0.5 ? ' ' : ''}${Math.floor(random() * highest)}`;
    while (random() < 0.35) text = typo(text);
    texts.add(text);
  }
  return [...texts];
}

describe('near duplicates', () => {
  it('finds what comparing every pair finds, the same earlier key for each', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const texts = names(seededNumbers(seed), 400);
      const expected = everyPair(texts);
      expect(expected.size).toBeGreaterThan(20);
      expect(nearDuplicates(texts)).toEqual(expected);
    }
  });

  it('finds the same in groups of hundreds of numbered names, near one another', () => {
    for (const seed of [11, 12, 13]) {
      const texts = names(seededNumbers(seed), 1_500, ['Tower', 'Towr', 'Block', 'Wing A'], 2_000);
      const expected = everyPair(texts);
      expect(expected.size).toBeGreaterThan(100);
      expect(nearDuplicates(texts)).toEqual(expected);
    }
  });

  it('finds a typo among thousands of numbered names with a handful of comparisons', () => {
    const texts = ['Smartworks', 'Starbucks', 'Pantaloons'].flatMap((stem) =>
      Array.from({ length: 3_000 }, (_, i) => `${stem} ${i + 1}`),
    );
    comparisons.count = 0;
    expect(nearDuplicates([...texts, 'Starbukcs 12'])).toEqual(new Map([[texts.length, 3_000]]));
    expect(comparisons.count).toBeLessThan(10);
  });

  it('compares only keys that share a spelling with letters deleted, in large groups near each other', () => {
    // Every "towr 770xx" is three edits from every "tower 1xxx": 100,000 pairs, no near miss.
    const texts = [
      ...Array.from({ length: 1_000 }, (_, i) => `Tower ${1_000 + i}`),
      ...Array.from({ length: 100 }, (_, i) => `Towr ${77_000 + i}`),
    ];
    const expected = everyPair(texts);
    expect(expected.size).toBe(0);
    comparisons.count = 0;
    expect(nearDuplicates(texts)).toEqual(expected);
    expect(comparisons.count).toBeLessThan(1_000);
  });
});
