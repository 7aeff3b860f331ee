import { describe, expect, it } from 'vitest';
import { imagesNamedIn } from '../../src/data/images';
import type { ImageAsset } from '../../src/schema/site';

const asset = (url: string): ImageAsset => ({ src: url, width: 1200, height: 800, url, variants: [] });
const catalogue: Record<string, ImageAsset> = {
  '/images/a.jpg': asset('/media/a-1.jpg'),
  '/images/b.jpg': asset('/media/b-1.jpg'),
  '/images/c.jpg': asset('/media/c-1.jpg'),
};

describe('imagesNamedIn', () => {
  it('finds each picture a string of the data names, however deep, in the order the strings come', () => {
    const data = {
      title: 'Tower',
      cards: [{ image: '/images/b.jpg', gallery: ['/images/c.jpg', '/images/b.jpg'] }, { image: null }],
      hero: { image: '/images/a.jpg', rent: 1_20_000 },
    };
    const found = imagesNamedIn(data, catalogue);
    expect(Object.keys(found)).toEqual(['/images/b.jpg', '/images/c.jpg', '/images/a.jpg']);
    expect(found['/images/a.jpg']).toBe(catalogue['/images/a.jpg']);
  });

  it('takes no name of what every object has for a picture: a sheet may say "constructor"', () => {
    const data = {
      tenant: 'constructor',
      building: 'toString',
      lines: ['__proto__', 'hasOwnProperty', '/images/a.jpg'],
    };
    const found = imagesNamedIn(data, catalogue);
    expect(Object.keys(found)).toEqual(['/images/a.jpg']);
    expect(Object.getPrototypeOf(found)).toBe(Object.prototype);
  });
});
