import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { charactersOf, FACES, LATIN } from '../../src/app/fonts';

describe('charactersOf', () => {
  it('lists every character of a unicode-range, single code points and spans alike', () => {
    expect(charactersOf('U+0041-0043, U+20AC, u+00e9')).toBe('ABC€é');
  });

  it('keeps the Latin text of the copy and leaves the rupee sign to the fallback face', () => {
    const latin = charactersOf(LATIN);
    for (const character of 'Gurugram 3,50,000 sq ft – “Café” ’s • € ™') expect(latin).toContain(character);
    expect(latin).not.toContain('₹');
  });
});

it('keeps every weight the styles ask for in the cut of the variable face', async () => {
  const styles = await Promise.all(
    (await readdir('src', { recursive: true }))
      .filter((file) => file.endsWith('.css') && !file.startsWith('generated'))
      .map((file) => readFile(join('src', file), 'utf8')),
  );
  const weights = styles.flatMap((css) =>
    [...css.matchAll(/font-weight:\s*(\w+)/g)].map(([, value]) => (value === 'bold' ? 700 : Number(value))),
  );
  const axis = FACES.find((face) => face.axes)?.axes?.wght;
  expect(weights.length).toBeGreaterThan(0);
  for (const weight of weights) {
    expect(weight).toBeGreaterThanOrEqual(axis?.min ?? Infinity);
    expect(weight).toBeLessThanOrEqual(axis?.max ?? -Infinity);
  }
});
