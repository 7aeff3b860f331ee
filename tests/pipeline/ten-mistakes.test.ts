/**
 * tests/fixtures/ten-mistakes is a full copy of the valid set with ten
 * different mistakes, one per line below: one run reports exactly those ten,
 * each at its row and column, and the check fails.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { checkSheets } from '../../pipeline/check-sheets';
import { at, FIXTURES } from './fixtures';

const TEN_MISTAKES = join(FIXTURES, 'ten-mistakes');

it('reports exactly the ten mistakes, each at its row and column', async () => {
  const { site, problems } = await loadSite({ sheetsDir: TEN_MISTAKES });
  expect(problems.map(at)).toEqual([
    'settings.csv 3 B site_url url', // http:// instead of https://
    'localities.csv 5 E tenant_pages yes-no', // "maybe"
    'projects.csv 3 E type choice', // "Comercial", in the row after a cell of three lines
    'project-highlights.csv 3 A project unknown-reference', // "joyDistict"
    'pre-rented.csv 4 I rent money', // letter O for a zero
    'pre-rented.csv 6 E total_area number', // sq m in the sq ft column
    'featured.csv 3 C image image-missing', // .png for .jpg
    'home-pre-rented.csv 3 A tenant unknown-reference', // "Nykaa" for "NYKAA"
    'testimonials.csv 3 E rating number', // 6 stars
    'awards.csv 2 C year number', // a two-digit year
  ]);
  expect(site).toBeNull();
});

it('fails the check with exit code 1', async () => {
  const { exitCode, output } = await checkSheets(['--sheets', TEN_MISTAKES, '--format', 'json']);
  expect(exitCode).toBe(1);
  expect(JSON.parse(output)).toMatchObject({ valid: false, stats: { errors: 10, warnings: 0 } });
});
