import { describe, expect, it } from 'vitest';
import { aboutData } from '../../src/data/page-data/company-data';
import { homeData } from '../../src/data/page-data/home-data';
import type { SiteData } from '../../src/schema/site';
import { site } from './data-fixture';

const statistics: SiteData['statistics'] = [
  { page: 'home', label: 'Sales in volume', value: 1500, suffix: 'Cr+' },
  { page: 'about', label: 'Years of experience', value: 13, suffix: '+' },
  { page: 'about', label: 'In total sales', value: 1.5, suffix: 'B+' },
  { page: 'about', label: 'Founder who reviews every deal', value: 1, suffix: null },
];

describe('the firm’s figures', () => {
  const small = site({ statistics });

  it('counts up on the home page only the rows marked home', () => {
    expect(homeData(small).statistics.map((s) => s.label)).toEqual(['Sales in volume']);
  });

  it('shows the rows marked about beside the About Us text, formatted as brochures write them', () => {
    expect(aboutData(small).claims).toEqual([
      { label: 'Years of experience', figure: '13+' },
      { label: 'In total sales', figure: '1.5B+' },
      { label: 'Founder who reviews every deal', figure: '1' },
    ]);
  });
});
