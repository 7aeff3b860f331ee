/** The sheets the site is built from must pass, warnings allowed. */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { messages } from './fixtures';

it('validates the real sheets without errors', async () => {
  const { site, problems, stats } = await loadSite({ sheetsDir: join(import.meta.dirname, '../../sheets') });
  expect(messages(problems.filter((p) => p.severity === 'error'))).toEqual([]);
  expect(site).not.toBeNull();
  expect(stats.rows['pre-rented.csv']).toBeGreaterThan(0);
});
