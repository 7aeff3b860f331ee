/**
 * Sheets as Excel, Google Sheets and text editors leave them: tests/fixtures/messy
 * holds copies of valid sheets with mixed CRLF, LF and CR line endings, a
 * byte-order mark or none, and the empty columns Excel adds at the right. They
 * must read as exactly the rows written.
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import type { SiteData } from '../../src/schema/site';
import { sheetSet, VALID } from './fixtures';

async function load(overlay: string | null): Promise<SiteData> {
  const dir = await sheetSet(null, undefined, overlay);
  try {
    const { site, problems } = await loadSite({ sheetsDir: dir });
    expect(problems).toEqual([]);
    if (site === null) throw new Error(`${overlay ?? VALID} did not load`);
    return site;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('messy but valid sheets', () => {
  it('read as the rows written, whatever their line endings, byte-order mark and empty columns', async () => {
    const [clean, messy] = await Promise.all([load(null), load('messy')]);
    expect(messy.preRented.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(messy.preRented).toEqual(clean.preRented);
    expect(messy.projects).toEqual(clean.projects);
    expect(messy.settings).toEqual(clean.settings);
  });
});
