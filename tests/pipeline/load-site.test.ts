/** The data built from the valid fixture set: joins and figures computed by the pipeline. */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { readImageAssets } from '../../pipeline/sheets/images';
import { lastChanged } from '../../pipeline/sheets/updated';
import type { SiteData } from '../../src/schema/site';
import { sheetSet, VALID } from './fixtures';

let site: SiteData;

beforeAll(async () => {
  const loaded = await loadSite({ sheetsDir: VALID });
  expect(loaded.problems).toEqual([]);
  if (loaded.site === null) throw new Error('the valid fixture set did not load');
  site = loaded.site;
});

const record = (row: number) => site.preRented.find((r) => r.row === row);

describe('pre-rented records', () => {
  it('keeps spreadsheet row numbers and converts every figure', () => {
    expect(record(2)).toEqual({
      tenant: 'SBI Bank',
      building: 'Vatika Business Park',
      locality: 'Golf Course Road',
      property_type: 'Bank',
      total_area: 4500,
      available_area: [],
      lease_years: 9,
      lock_in_years: 3,
      rent: 208439,
      rent_per_sqft: 46.32,
      security_deposit_months: 6,
      escalation: '15% every 3 years',
      asking_price: 32500000,
      image: 'pre-rented/sbi-bank.jpg',
      row: 2,
      localityName: 'Golf Course Road',
      localityRoute: 'golfCourseRoad',
      rentPerSqftComputed: true,
      grossYield: 0.077,
    });
  });

  it('computes rent per sq ft only when it is blank, to 2 decimals', () => {
    expect(record(3)).toMatchObject({
      rent: 144000,
      total_area: 3200,
      rent_per_sqft: 45,
      rentPerSqftComputed: false,
    });
    expect(record(6)).toMatchObject({
      rent: 95340,
      total_area: 2100,
      rent_per_sqft: 45.4,
      rentPerSqftComputed: true,
    });
  });

  it('resolves localities by name or spelling, and keeps places without a page', () => {
    expect(record(3)).toMatchObject({
      locality: 'Dwarka, Delhi',
      localityName: 'Dwarka Delhi',
      localityRoute: 'dwarkaDelhi',
    });
    expect(record(4)).toMatchObject({
      localityName: 'Golf Course Extension',
      localityRoute: 'golfCourseExtention',
    });
    expect(record(5)).toMatchObject({ locality: 'NH8', localityName: 'NH8', localityRoute: null });
    expect(record(7)).toMatchObject({ locality: null, localityName: null, localityRoute: null });
  });

  it('reads units and dashes typed in the cells', () => {
    expect(record(5)).toMatchObject({ lock_in_years: null, grossYield: null });
    expect(record(6)).toMatchObject({ security_deposit_months: null, escalation: null });
    expect(record(7)).toMatchObject({
      total_area: 3100,
      lease_years: 9,
      lock_in_years: 3,
      security_deposit_months: 6,
    });
    expect(record(4)?.available_area).toEqual([4000, 8000, 12000]);
  });

  it('lists each tenant once, in order of first appearance', () => {
    expect(site.tenants).toEqual(['SBI Bank', 'NYKAA', 'SOCIAL', 'ICICI Bank', 'Haldirams']);
  });
});

describe('localities and projects', () => {
  it('counts records and projects per locality', () => {
    expect(Object.fromEntries(site.localities.map((l) => [l.route, l.count]))).toEqual({
      golfCourseRoad: 2, // one record, smartworld (written "GCR")
      golfCourseExtention: 2, // NYKAA, the Sector 66 project
      dwarkaExpressWay: 1, // joyDistrict
      dwarkaDelhi: 1, // SBI Bank, written "Dwarka, Delhi"
    });
  });

  it('gives each project its page address and its items in sheet order', () => {
    const bySlug = Object.fromEntries(site.projects.map((p) => [p.slug, p]));
    expect(bySlug.joyDistrict).toMatchObject({
      path: '/feature/joyDistrict',
      localityRoute: 'dwarkaExpressWay',
    });
    expect(bySlug.sector66Retail).toMatchObject({ path: '/property', localityRoute: 'golfCourseExtention' });
    expect(bySlug.joyDistrict?.description).toEqual([
      'A commercial district of retail and offices on the Dwarka Expressway.',
      'Shops open onto landscaped promenades.',
    ]);
    expect(bySlug.joyDistrict?.highlights.map((h) => h.text)).toEqual([
      'Frontage on the 150 m wide Dwarka Expressway',
      'Five minutes from the upcoming metro station',
    ]);
    expect(bySlug.sector66Retail?.amenities.map((a) => a.icon)).toEqual(['cctv', 'atm']);
    expect(bySlug.smartworld?.gallery.map((g) => g.image)).toEqual(['projects/smartworld-1.jpg']);
    expect(bySlug.smartworld?.aliases).toEqual(['edition']);
  });

  it("joins featured cards with their project, defaulting to the project's hero picture", () => {
    expect(site.featured).toEqual([
      {
        project: 'joyDistrict',
        price: 63300000,
        image: 'projects/joy-district-hero.jpg',
        name: 'M3M Joy District',
        path: '/feature/joyDistrict',
        rera: 'RC/REP/HARERA/GGM/2023/12',
      },
      {
        project: 'smartworld',
        price: 35000000,
        image: 'featured/smartworld.jpg',
        name: 'Smartworld Sector 66',
        path: '/feature/smartworld',
        rera: 'RC/REP/HARERA/GGM/2024/66',
      },
    ]);
  });
});

describe('optional columns left out of a sheet', () => {
  it('read as empty on every row', async () => {
    const dir = await sheetSet(null, async (copy) => {
      const file = join(copy, 'projects.csv');
      const rows = Papa.parse<string[]>(await readFile(file, 'utf8')).data.filter((row) => row.length > 1);
      // Drop the aliases (C) and facts (L) columns.
      const kept = rows.map((row) => row.filter((_, column) => column !== 2 && column !== 11));
      await writeFile(file, Papa.unparse(kept));
      await writeFile(join(copy, 'statistics.csv'), 'label,value\nSales in volume,1500\n');
    });
    try {
      const { site, problems } = await loadSite({ sheetsDir: dir });
      expect(problems).toEqual([]);
      expect(site?.projects.map((p) => [p.slug, p.aliases, p.facts])).toEqual([
        ['joyDistrict', [], []],
        ['smartworld', [], []],
        ['sector66Retail', [], []],
      ]);
      expect(site?.projects[0]?.aliases).not.toBe(site?.projects[1]?.aliases);
      expect(site?.statistics).toEqual([
        { page: 'home', label: 'Sales in volume', value: 1500, suffix: null },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('pictures and dates', () => {
  it('describes every picture named by a sheet once, with its pixel size', () => {
    expect(Object.keys(site.images)).toHaveLength(31);
    expect(site.images['builders/m3m.svg']).toEqual({
      src: 'builders/m3m.svg',
      width: 120,
      height: 40,
      url: '/media/builders/m3m.svg',
      variants: [],
    });
    expect(site.images['team/founder.jpg']).toMatchObject({ width: 800, height: 800 });
  });

  it('dates each sheet by its last change', async () => {
    expect(Object.keys(site.updated)).toHaveLength(14);
    for (const date of Object.values(site.updated)) expect(Number.isNaN(Date.parse(date))).toBe(false);
    const dir = await sheetSet(null, (copy) =>
      utimes(join(copy, 'team.csv'), new Date('2024-05-06T07:08:09Z'), new Date('2024-05-06T07:08:09Z')),
    );
    const loaded = await loadSite({ sheetsDir: dir });
    // A copy outside the repository has no commits: the file's modification time is used.
    expect(loaded.site?.updated['team.csv']).toBe('2024-05-06T07:08:09.000Z');
    expect(Object.keys(loaded.site?.updated ?? {})).toHaveLength(14);
  });

  it('uses the date of the last commit touching a sheet', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'sheets-git-'));
    const git = (date: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: repo,
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
    try {
      git('2024-01-02T03:04:05+05:30', 'init', '--quiet');
      await writeFile(join(repo, 'team.csv'), 'name,role,photo\n');
      await writeFile(join(repo, 'awards.csv'), 'title\n');
      git('2024-01-02T03:04:05+05:30', 'add', '.');
      git('2024-01-02T03:04:05+05:30', 'commit', '--quiet', '-m', 'first');
      await writeFile(join(repo, 'team.csv'), 'name,role,photo\nPriya,Manager,team/priya.jpg\n');
      git('2024-02-03T10:00:00+05:30', 'commit', '--quiet', '-am', 'second');
      await writeFile(join(repo, 'builders.csv'), 'name,logo\n');
      const dates = await lastChanged(repo, ['team.csv', 'awards.csv', 'builders.csv', 'missing.csv']);
      expect(Object.keys(dates)).toEqual(['team.csv', 'awards.csv', 'builders.csv']);
      expect(dates['team.csv']).toBe('2024-02-03T10:00:00+05:30');
      expect(dates['awards.csv']).toBe('2024-01-02T03:04:05+05:30');
      // Not committed yet: its modification time.
      expect(Date.parse(dates['builders.csv'] ?? '')).toBeGreaterThan(Date.parse('2025-01-01'));
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });
});

describe('pictures', () => {
  it('are listed in the order the sheets name them, whichever is read first', async () => {
    const named = Object.keys(site.images);
    expect(named.length).toBeGreaterThan(5);
    for (const order of [named, [...named].reverse()]) {
      const { assets } = await readImageAssets(join(VALID, 'images'), order);
      expect(Object.keys(assets)).toEqual(order);
    }
  });

  it('are measured once while their file stays the same, and again once saved again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'picture-sizes-'));
    try {
      const src = 'hero.jpg';
      const size = async () => (await readImageAssets(dir, [src])).assets[src];
      await copyFile(join(VALID, 'images/projects/joy-district-hero.jpg'), join(dir, src));
      const first = await size();
      expect(first).toMatchObject({ width: expect.any(Number) as number });
      expect(await size()).toEqual(first);
      // Saved again as another picture under the same name: its own size, not the one before.
      await rm(join(dir, src));
      await copyFile(join(VALID, 'images/team/founder.jpg'), join(dir, src));
      const saved = await size();
      expect([saved?.width, saved?.height]).not.toEqual([first?.width, first?.height]);
      // Gone: not a size remembered, but the picture reported unreadable.
      await rm(join(dir, src));
      expect((await readImageAssets(dir, [src])).unreadable.has(src)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
