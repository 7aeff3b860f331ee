import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import type {
  LocalityPageData,
  PreRentedListData,
  TenantPageData,
} from '../../src/data/page-data/listing-data';
import { listingRoutes } from '../../src/routes/listings';
import type { SiteData } from '../../src/schema/site';
import { must, site } from './data-fixture';

const route = (id: string) => {
  const found = listingRoutes.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
};
const load = <D>(id: string, data: SiteData, path: string) => route(id).load(data, path) as D | null;

describe('listing routes on a small site', () => {
  const small = site();

  it('has a page per tenant and none for a tenant that does not exist', () => {
    expect(route('tenant').paths(small)).toEqual([
      '/preRentedList/SBI Bank',
      '/preRentedList/NYKAA',
      '/preRentedList/Café Coffee Day',
      '/preRentedList/INOX',
      '/preRentedList/Blinkit',
    ]);
    expect(load('tenant', small, '/preRentedList/Nobody')).toBeNull();
    const nykaa = load<TenantPageData>('tenant', small, '/preRentedList/NYKAA');
    expect(nykaa?.records.map((r) => r.row)).toEqual([3, 7]);
    expect(nykaa?.records[0]?.enquiry).toEqual({
      project: 'NYKAA at Worldmark 65',
      chatHref: expect.stringContaining('leased%20to%20NYKAA%20at%20Worldmark%2065'),
    });
    // Two records: the page's form asks about the tenant until a card's Enquire Now names one.
    expect(nykaa?.enquiry).toEqual({
      project: 'NYKAA',
      chatHref: expect.stringContaining('properties%20leased%20to%20NYKAA.'),
    });
    expect(nykaa?.portfolio).toBe('6');
  });

  it('has locality tenant pages only where the locality has them, under every address of the locality', () => {
    expect(route('locality-tenant').paths(small)).toEqual([
      '/location/golfCourseRoad/SBI Bank',
      '/location/golfCourseRoad/Café Coffee Day',
      '/location/golfCourseExtention/NYKAA',
      '/location/golfCourseExtension/NYKAA',
    ]);
    const page = load<TenantPageData>('locality-tenant', small, '/location/golfCourseExtension/NYKAA');
    expect(page?.records.map((r) => r.row)).toEqual([3]);
    expect(page?.locality).toEqual({ route: 'golfCourseExtention', name: 'Golf Course Extension' });
    // Its one record is the form's subject from the start.
    expect(page?.enquiry.project).toBe('NYKAA at Worldmark 65');
    expect(load('locality-tenant', small, '/location/golfCourseRoad/NYKAA')).toBeNull();
  });

  it('lists the other localities on a locality page, never itself, and links records to the right tenant page', () => {
    const page = load<LocalityPageData>('locality', small, '/location/golfCourseExtension');
    expect(page?.locality.route).toBe('golfCourseExtention');
    expect(page?.others.map((o) => o.route)).toEqual(['golfCourseRoad', 'dwarkaExpressWay']);
    expect(page?.records.map((r) => r.path)).toEqual(['/location/golfCourseExtention/NYKAA']);
    const dwarka = load<LocalityPageData>('locality', small, '/location/dwarkaExpressWay');
    expect(dwarka?.records.map((r) => r.path)).toEqual(['/preRentedList/INOX']);
    expect(dwarka?.commercialProjects.map((p) => p.slug)).toEqual(['joyDistrict']);
    expect(dwarka?.residentialProjects.map((p) => p.slug)).toEqual(['krisumi']);
    expect(load('locality', small, '/location/atlantis')).toBeNull();
  });

  it('links every pre-rented card to its tenant page', () => {
    const list = load<PreRentedListData>('pre-rented-list', small, '/preRentedList');
    expect(list?.records.map((r) => r.path)).toContain('/preRentedList/Caf%C3%A9%20Coffee%20Day');
  });

  it('leaves pictures out of the table page', () => {
    const table = load<{ records: object[] }>('pre-rented-table', small, '/preRentedTable');
    expect(table?.records.every((r) => !('image' in r))).toBe(true);
  });
});

describe('listing routes on the sheets', () => {
  const copies: string[] = [];
  afterAll(async () => Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true }))));

  const loadSheets = async (change?: (dir: string) => Promise<void>) => {
    const dir = await mkdtemp(join(tmpdir(), 'h4-sheets-'));
    copies.push(dir);
    await cp(join(import.meta.dirname, '../../sheets'), dir, { recursive: true });
    await change?.(dir);
    const { site: loaded } = await loadSite({ sheetsDir: dir });
    if (!loaded) throw new Error('the sheets do not load');
    return loaded;
  };

  it('shows every locality with one count on every page, equal to its records and projects', async () => {
    const sheets = await loadSheets();
    const pages = route('locality')
      .paths(sheets)
      .map((path) => must(load<LocalityPageData>('locality', sheets, path), path));
    for (const locality of sheets.localities) {
      const expected =
        sheets.preRented.filter((r) => r.localityRoute === locality.route).length +
        sheets.projects.filter((p) => p.localityRoute === locality.route).length;
      const shown = pages.flatMap((page) =>
        page.others.filter((o) => o.route === locality.route).map((o) => o.count),
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set([expected]));
    }
  }, 60_000);

  it('changes the counts and the tenant pages when a row of the sheet changes', async () => {
    const moved = await loadSheets(async (dir) => {
      const file = join(dir, 'pre-rented.csv');
      const text = await readFile(file, 'utf8');
      // The first SBI Bank row moves from Golf Course Extension to MG Road.
      await writeFile(
        file,
        text.replace(
          'SBI Bank,Vatika Professional Point,Golf Course Extension',
          'SBI Bank,Vatika Professional Point,MG Road',
        ),
      );
    });
    const before = await loadSheets();
    const count = (data: SiteData, route: string) => data.localities.find((l) => l.route === route)?.count;
    expect(count(moved, 'mgRoad')).toBe(must(count(before, 'mgRoad'), 'MG Road') + 1);
    expect(count(moved, 'golfCourseExtention')).toBe(
      must(count(before, 'golfCourseExtention'), 'Golf Course Extension') - 1,
    );
    expect(route('locality-tenant').paths(moved)).toContain('/location/mgRoad/SBI Bank');
    expect(route('locality-tenant').paths(before)).not.toContain('/location/mgRoad/SBI Bank');
  }, 60_000);
});
