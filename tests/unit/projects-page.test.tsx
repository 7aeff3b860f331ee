/**
 * A project added only to a copy of the sheets gets its page: the pipeline reads the
 * new rows, the route table lists the address, and the page shows what the rows say.
 */
import { copyFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import Papa from 'papaparse';
import { prerender } from 'react-dom/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/load-site';
import { ImagesContext } from '../../src/app/images-context';
import { LayoutContext } from '../../src/app/layout-context';
import { imagesNamedIn } from '../../src/data/images';
import { layoutData } from '../../src/entry-server';
import { ProjectPage } from '../../src/pages/ProjectPage';
import type { ProjectPageData } from '../../src/data/page-data/project-data';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';

const FIXTURE = join(import.meta.dirname, '../fixtures/valid');

/** Appends rows to a sheet of the copy, each cell under its column (columns the sheet lacks are left out). */
async function appendRows(dir: string, file: string, rows: Record<string, string>[]): Promise<void> {
  const path = join(dir, file);
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const header = Papa.parse<string[]>(text.split(/\r?\n/)[0] ?? '').data[0] ?? [];
  const lines = rows.map((row) => Papa.unparse([header.map((column) => row[column] ?? '')]));
  await writeFile(path, `${text.replace(/\s*$/, '')}\n${lines.join('\n')}\n`);
}

const PROJECT = {
  slug: 'skylineAvenue',
  name: 'Skyline Avenue',
  aliases: 'skyline',
  page: 'feature',
  type: 'Residential',
  category: 'Luxury apartments',
  sector: 'Sector 77',
  city: 'Gurugram',
  locality: 'Golf Course Extension',
  rera: 'RC/REP/HARERA/GGM/999/2025',
  description: 'Skyline Avenue rises over a central park.\n\nEvery home faces the Aravalli hills.',
  facts: 'Land area: 6.2 acres; Towers: 4 of 38 floors; Possession: 2029 (expected)',
  hero_image: 'projects/skyline-hero.jpg',
  map_image: 'projects/skyline-map.png',
  map_embed: 'https://www.google.com/maps/embed?pb=!1m18!1m12',
  video_embed: 'https://www.youtube.com/watch?v=sKyLiNe2025',
  video_still: 'projects/skyline-still.jpg',
  new_development: 'yes',
  in_search: 'yes',
  form: 'none',
};

const GALLERY = ['Tower crown at night', 'Arrival court', 'Sky lounge', 'Living room', 'Pool deck'];

let dir: string;
let site: SiteData;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'projects-sheets-'));
  await cp(FIXTURE, dir, { recursive: true });
  const pictures = join(dir, 'images/projects');
  const photo = join(pictures, 'joy-district-1.jpg');
  await Promise.all([
    copyFile(photo, join(pictures, 'skyline-hero.jpg')),
    copyFile(photo, join(pictures, 'skyline-still.jpg')),
    copyFile(photo, join(pictures, 'skyline-highlight.jpg')),
    copyFile(join(pictures, 'joy-district-map.png'), join(pictures, 'skyline-map.png')),
    ...GALLERY.map((_, i) => copyFile(photo, join(pictures, `skyline-${i + 1}.jpg`))),
  ]);
  // Smartworld is the project with the least: no registration number yet either (a warning only, as its card has a price).
  const projects = join(dir, 'projects.csv');
  await writeFile(
    projects,
    (await readFile(projects, 'utf8')).replace('RC/REP/HARERA/GGM/2024/66', 'Coming Soon'),
  );
  await appendRows(dir, 'projects.csv', [PROJECT]);
  await appendRows(
    dir,
    'project-gallery.csv',
    GALLERY.map((alt, i) => ({ project: PROJECT.slug, image: `projects/skyline-${i + 1}.jpg`, alt })),
  );
  await appendRows(dir, 'project-highlights.csv', [
    { project: PROJECT.slug, text: 'Central park of 3 acres', image: 'projects/skyline-highlight.jpg' },
    { project: PROJECT.slug, text: 'Three sides open in every home', image: '' },
    { project: PROJECT.slug, text: 'Clubhouse of 60,000 sq ft', image: '' },
  ]);
  await appendRows(dir, 'project-amenities.csv', [
    { project: PROJECT.slug, label: 'Infinity Pool', icon: 'pool' },
    { project: PROJECT.slug, label: 'Yoga Deck', icon: 'yoga' },
  ]);
  const loaded = await loadSite({ sheetsDir: dir });
  expect(loaded.problems.filter((p) => p.severity === 'error')).toEqual([]);
  if (loaded.site === null) throw new Error('The copy of the sheets did not load.');
  site = loaded.site;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The page at `path` as the pre-render sees it, parsed. */
/** The page as pre-rendered, every part in place (the gallery's slider is loaded on demand). */
async function renderPage(path: string): Promise<Document> {
  const page = allPages(site).find((p) => p.path === path);
  if (!page) throw new Error(`No page at ${path}`);
  const data = page.route.load(site, path) as ProjectPageData;
  const { prelude } = await prerender(
    <LayoutContext value={layoutData(site)}>
      <ImagesContext value={imagesNamedIn(data, site.images)}>
        <ProjectPage data={data} />
      </ImagesContext>
    </LayoutContext>,
    { progressiveChunkSize: Infinity },
  );
  return new JSDOM(await new Response(prelude).text()).window.document;
}

const headings = (doc: Document) => [...doc.querySelectorAll('h2')].map((h) => h.textContent?.trim());

describe('a project added only to the sheets', () => {
  it('gets an address under /feature, its alias and /ourProperty', () => {
    const paths = allPages(site).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/feature/skylineAvenue', '/feature/skyline', '/ourProperty/skylineAvenue']),
    );
  });

  it('shows its name, place, description paragraphs and facts', async () => {
    const doc = await renderPage('/feature/skylineAvenue');
    expect(doc.querySelector('h1')?.textContent).toBe('Skyline Avenue');
    expect(headings(doc)).toContain('About the Project');
    const about = doc.querySelector('#about');
    expect([...(about?.querySelectorAll('p') ?? [])].map((p) => p.textContent)).toEqual(
      expect.arrayContaining([
        'Skyline Avenue rises over a central park.',
        'Every home faces the Aravalli hills.',
      ]),
    );
    const facts = [...doc.querySelectorAll('#about dt')].map(
      (dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`,
    );
    expect(facts).toEqual([
      'Sector=Sector 77',
      'City=Gurugram',
      'Category=Residential · Luxury apartments',
      'Land area=6.2 acres',
      'Towers=4 of 38 floors',
      'Possession=2029 (expected)',
    ]);
  });

  it('shows the RERA number with the regulator website in its key facts, and a chat link naming the project', async () => {
    const doc = await renderPage('/feature/skyline');
    const keyFacts = doc.querySelector('#key-facts');
    expect(keyFacts?.textContent).toContain('RC/REP/HARERA/GGM/999/2025');
    const regulator = [...(keyFacts?.querySelectorAll('a') ?? [])].find(
      (a) => a.href === site.settings.regulator_url,
    );
    expect(regulator).toBeDefined();
    const chat = doc.querySelector<HTMLAnchorElement>('a[href^="https://wa.me/"]');
    expect(chat?.textContent).toContain('Skyline Avenue');
    const typed = new URL(chat?.href ?? '').searchParams.get('text');
    expect(typed).toBe(`${site.settings.chat_greeting} Skyline Avenue, Sector 77, Gurugram.`);
    expect(chat?.href.startsWith(`https://wa.me/${site.settings.chat_number}?`)).toBe(true);
  });

  it('has one slide and one thumbnail per gallery row, sized before any script runs', async () => {
    const doc = await renderPage('/feature/skylineAvenue');
    const gallery = doc.querySelector('#gallery');
    const slides = [...(gallery?.querySelectorAll('img[alt]:not([alt=""])') ?? [])];
    expect(slides.map((img) => img.getAttribute('alt'))).toEqual(GALLERY);
    for (const img of slides) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
    expect(gallery?.querySelectorAll('button[aria-label^="Show picture"]')).toHaveLength(GALLERY.length);
  });

  it('lists its highlights (pictures where given) and amenities with icons', async () => {
    const doc = await renderPage('/feature/skylineAvenue');
    const highlights = [...doc.querySelectorAll('#highlights li')];
    expect(highlights.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Central park of 3 acres',
      'Three sides open in every home',
      'Clubhouse of 60,000 sq ft',
    ]);
    expect(highlights[0]?.querySelector('img')).not.toBeNull();
    const amenities = [...doc.querySelectorAll('#amenities li')];
    expect(amenities.map((li) => li.textContent)).toEqual(['Infinity Pool', 'Yoga Deck']);
    expect(amenities.every((li) => li.querySelector('svg path') !== null)).toBe(true);
  });

  it('ends with an enquiry form naming the project, linked from its key facts', async () => {
    const doc = await renderPage('/feature/skylineAvenue');
    const last = [...doc.querySelectorAll('h2')].at(-1);
    expect(last?.textContent).toBe('Enquire about Skyline Avenue');
    expect(last?.closest('section')?.id).toBe('enquire');
    expect(doc.querySelector('#enquire form')).not.toBeNull();
    expect(doc.querySelector('#key-facts a[href="#enquire"]')).not.toBeNull();
  });

  it('offers the video and the map without embedding either before a click', async () => {
    const doc = await renderPage('/feature/skylineAvenue');
    expect(headings(doc)).toEqual(expect.arrayContaining(['Video Gallery', 'Project Location']));
    expect(doc.querySelectorAll('iframe')).toHaveLength(0);
    expect(doc.querySelector('#video a')?.getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=sKyLiNe2025',
    );
    expect(doc.querySelector('#location a')?.textContent).toBe('Show interactive map');
    expect(doc.querySelector('#location img')?.getAttribute('alt')).toContain('Skyline Avenue');
  });
});

describe('a project whose sheets give less', () => {
  it('leaves out the sections it has no rows for', async () => {
    const doc = await renderPage('/feature/smartworld');
    const titles = headings(doc);
    expect(titles).toContain('About the Project');
    expect(titles).not.toContain('Amenities');
    expect(titles).not.toContain('Video Gallery');
    expect(titles).not.toContain('Project Location');
    expect(doc.querySelector('#key-facts')?.textContent).toContain('RERAComing Soon');
    expect(doc.querySelector('#key-facts a[href="' + site.settings.regulator_url + '"]')).toBeNull();
  });
});
