/**
 * Project pages, checked against the sheets they are built from: every project of
 * the generated site data, its sections, counts, chat link and RERA line, and the
 * gallery, video and map behaviour (nothing third-party before a click).
 */
import type { Page } from '@playwright/test';
import { projectKeyFacts } from '../../src/data/projects';
import type { ProjectEntry } from '../../src/schema/site';
import { expect, hydrated, test, holdTimers } from './fixtures';
import { dropWhileLoading, markWindow, stillSameWindow } from './lost-code';
import { site } from './routes-data';
import { PATHS, underConstructionProjectPath } from '../../src/data/links';

/** Every request that leaves our own host, as it is made. */
function thirdPartyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== '127.0.0.1' && hostname !== 'localhost') seen.push(request.url());
  });
  return seen;
}

/** A project's path is percent-encoded already (src/data/links.ts pagePath). */
const url = (project: ProjectEntry) => project.path;
const galleryCount = (page: Page) => page.locator('#gallery').getByText(/^\d+ \/ \d+$/);

/** Opens a page with time stopped, so neither the pop-up nor the slideshow moves until a test says so. */
async function open(page: Page, path: string): Promise<void> {
  await holdTimers(page);
  await page.goto(path);
  await hydrated(page);
}

/**
 * Lets the slider finish a move: Swiper defers part of a looped move to the next animation
 * frame (held by the stopped clock), and ignores a move asked for during a transition. At the
 * start it also waits for the thumbnails to be linked to the slider, which takes the slider a
 * second render: a tap on a thumbnail before then does not move it.
 */
async function settled(page: Page): Promise<void> {
  await page.clock.runFor(50);
  await page.waitForFunction(() => {
    const main = document.querySelector<
      HTMLElement & { swiper?: { animating: boolean; thumbs?: { swiper: unknown } } }
    >('#gallery .swiper');
    return main?.swiper?.animating === false && Boolean(main.swiper.thumbs?.swiper);
  });
}

const withGallery = (min: number) => site.projects.find((p) => p.gallery.length >= min);
const withVideo = site.projects.find((p) => p.video_embed !== null);
const withMap = site.projects.find((p) => p.map_embed !== null);

test.describe('every project page shows what its sheets say', () => {
  for (const project of site.projects) {
    test(`${project.slug} (${project.path})`, async ({ page }) => {
      const outside = thirdPartyRequests(page);
      await open(page, url(project));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);

      const present = {
        'About the Project': true,
        Gallery: project.gallery.length > 0,
        Highlights: project.highlights.length > 0,
        Amenities: project.amenities.length > 0,
        'Video Gallery': project.video_embed !== null,
        'Project Location': project.map_image !== null || project.map_embed !== null,
      };
      for (const [name, shown] of Object.entries(present)) {
        await expect(page.getByRole('heading', { level: 2, name, exact: true })).toHaveCount(shown ? 1 : 0);
      }

      await expect(page.locator('#highlights li')).toHaveCount(project.highlights.length);
      await expect(page.locator('#amenities li')).toHaveCount(project.amenities.length);
      await expect(page.locator('#amenities li svg')).toHaveCount(project.amenities.length);
      if (project.gallery.length > 1) {
        // The slider starts as the gallery comes near.
        await page.locator('#gallery').scrollIntoViewIfNeeded();
        // Slides as Swiper's accessibility module marks them (no copies), and one thumbnail each.
        await expect(page.locator('#gallery [aria-roledescription="slide"]')).toHaveCount(
          project.gallery.length,
        );
        await expect(page.locator('#gallery').getByRole('button', { name: /^Show picture/ })).toHaveCount(
          project.gallery.length,
        );
        await expect(galleryCount(page)).toHaveText(`1 / ${project.gallery.length}`);
      }

      const chat = page.getByRole('link', { name: /WhatsApp/ });
      await expect(chat).toContainText(project.name);
      const href = new URL((await chat.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe(`https://wa.me/${site.settings.chat_number}`);
      expect(href.searchParams.get('text')).toContain(project.name);

      // Key facts under the hero: what the sheet gives, in order, and always a RERA line.
      const keyFacts = page.locator('#key-facts');
      const terms = keyFacts.locator('dt');
      const facts = projectKeyFacts(project);
      await expect(terms).toHaveText([...facts.map((f) => f.label), 'RERA']);
      for (const [i, fact] of facts.entries()) {
        await expect(keyFacts.locator('dd').nth(i)).toHaveText(fact.value);
      }
      const rera = keyFacts.locator('dd').last();
      await expect(rera).toContainText(project.rera ?? 'Coming Soon');
      await expect(rera.locator(`a[href="${site.settings.regulator_url}"]`)).toHaveCount(
        project.rera === null ? 0 : 1,
      );
      await expect(keyFacts).not.toContainText('₹0');

      // The page ends with a form that sends a lead naming the project.
      // The key facts link to the nearest lead form: the one at the top where the sheet puts one there.
      await expect(keyFacts.getByRole('link', { name: `Enquire about ${project.name}` })).toHaveAttribute(
        'href',
        project.form === 'lead' ? '#register' : '#enquire',
      );
      await expect(page.locator('main h2').last()).toHaveText(
        project.form === 'none' ? `Enquire about ${project.name}` : 'Contact Us',
      );
      await expect(page.locator('#enquire form')).toHaveCount(1);

      await expect(page.locator('iframe')).toHaveCount(0);
      expect(outside, 'requests to other hosts before any click').toEqual([]);
    });
  }
});

test.describe('other addresses of project pages', () => {
  test('/feature/edition shows the Smartworld page, whose canonical address is its own', async ({ page }) => {
    const smartworld = site.projects.find((p) => p.aliases.includes('edition'));
    expect(smartworld).toBeDefined();
    await open(page, '/feature/edition');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(smartworld?.name ?? '');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${site.settings.site_url}/feature/${smartworld?.slug}`,
    );
  });

  test('/property and /property/aiplJoyCity show the Sector 66 project with its contact form', async ({
    page,
  }) => {
    const retail = site.projects.find((p) => p.page === 'property');
    expect(retail?.slug).toBe('aiplJoyCity');
    for (const path of [PATHS.property, '/property/aiplJoyCity']) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(retail?.name ?? '');
      await expect(page.locator('#key-facts')).toContainText('404 of 2020');
      await expect(page.locator('#enquire form')).toBeVisible();
      await expect(page.locator('#enquire').getByRole('link', { name: /Instagram/ })).toBeVisible();
    }
  });

  test('each /ourProperty/{id} page names its project page as canonical', async ({ request }) => {
    for (const project of site.projects) {
      const html = await (await request.get(underConstructionProjectPath(project.slug))).text();
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      expect(canonical, project.slug).toBe(`${site.settings.site_url}${project.path}`);
    }
  });
});

test.describe('gallery', { tag: '@phone' }, () => {
  const project = withGallery(12) ?? withGallery(5);

  test('arrows, thumbnails and arrow keys move the slider', async ({ page }) => {
    expect(project, 'the sheets name a project with a gallery').toBeTruthy();
    const count = project?.gallery.length ?? 0;
    await open(page, url(project as ProjectEntry));
    const gallery = page.locator('#gallery');
    await gallery.scrollIntoViewIfNeeded();
    await settled(page);
    // The slider's start schedules work on the held clock (its looped set-up); a tap in the same
    // instant would be undone by it, which no visitor can do. Let one move's time (600 ms) pass first.
    await page.clock.runFor(600);
    await settled(page);
    // A pointer on a thumbnail (Swiper's Thumbs module), then the arrows, wrapping round.
    await gallery.getByRole('button', { name: `Show picture 2 of ${count}` }).click();
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`2 / ${count}`);
    await gallery.getByRole('button', { name: 'Previous picture' }).click();
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`1 / ${count}`);
    await gallery.getByRole('button', { name: 'Previous picture' }).click();
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`${count} / ${count}`);
    await gallery.getByRole('button', { name: 'Next picture' }).click();
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`1 / ${count}`);

    const fourth = gallery.getByRole('button', { name: `Show picture 4 of ${count}` });
    await fourth.focus();
    await page.keyboard.press('Enter');
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`4 / ${count}`);
    await expect(gallery.getByRole('group', { name: `Picture 4 of ${count}` })).toBeInViewport();
    await page.keyboard.press('ArrowRight');
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`5 / ${count}`);
  });

  test('plays by itself and can be paused', async ({ page }) => {
    expect(project, 'the sheets name a project with a gallery').toBeTruthy();
    const count = project?.gallery.length ?? 0;
    await open(page, url(project as ProjectEntry));
    const gallery = page.locator('#gallery');
    // The slider starts, and plays, once the visitor comes near it.
    await gallery.scrollIntoViewIfNeeded();
    await settled(page);
    await page.clock.runFor(5000 + 700);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(galleryCount(page)).toHaveText(`2 / ${count}`);
    // A slide that is still moving refuses the next (Swiper's loop); its transition runs in real time.
    await settled(page);

    await gallery.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.clock.runFor(12_000);
    await expect(galleryCount(page)).toHaveText(`2 / ${count}`);
    await gallery.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(5000 + 700);
    await expect(galleryCount(page)).toHaveText(`3 / ${count}`);
  });

  test('stays still when the visitor asks for reduced motion', async ({ page }) => {
    expect(project, 'the sheets name a project with a gallery').toBeTruthy();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, url(project as ProjectEntry));
    await page.locator('#gallery').scrollIntoViewIfNeeded();
    await expect(page.locator('#gallery').getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(galleryCount(page)).toHaveText(`1 / ${project?.gallery.length}`);
  });

  test('the slider lost as the connection drops leaves the page as it was, and starts once back online', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
    expect(project, 'the sheets name a project with a gallery').toBeTruthy();
    const { name, gallery: pictures } = project as ProjectEntry;
    const requested = await dropWhileLoading(page, context, 'ProjectGallery');
    await open(page, url(project as ProjectEntry));
    await markWindow(page);
    const gallery = page.locator('#gallery');
    // Coming near the gallery asks for the slider's code: the connection drops as it comes.
    await gallery.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.length).toBe(1);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(gallery.getByRole('img', { name: pictures[0]?.alt, exact: true }).first()).toBeVisible();

    await context.setOffline(false);
    await settled(page);
    await page.clock.runFor(600);
    await settled(page);
    await gallery.getByRole('button', { name: 'Next picture' }).click();
    await settled(page);
    await expect(galleryCount(page)).toHaveText(`2 / ${pictures.length}`);
    expect(requested).toHaveLength(2);
    expect(await stillSameWindow(page)).toBe(true);
  });
});

test.describe('without JavaScript', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });
  const project = withGallery(5);

  test('the first slide is laid out at its final size and the highlights are visible', async ({ page }) => {
    expect(project, 'the sheets name a project with a gallery').toBeTruthy();
    await page.goto(url(project as ProjectEntry));
    const first = page.locator('#gallery img').first();
    await first.scrollIntoViewIfNeeded();
    const box = await first.boundingBox();
    const frame = await page.locator('#gallery .swiper').first().boundingBox();
    expect(box && frame).toBeTruthy();
    expect(Math.abs((box?.width ?? 0) - (frame?.width ?? 0))).toBeLessThan(1);
    expect(Math.abs((box?.height ?? 0) - ((box?.width ?? 0) * 10) / 16)).toBeLessThan(1.5);
    const items = page.locator('#highlights li');
    for (const item of await items.all()) await expect(item).toHaveCSS('opacity', '1');
  });
});

test('the gallery keeps its size when the script takes over', async ({ page, browser }) => {
  const project = withGallery(5);
  expect(project, 'the sheets name a project with a gallery').toBeTruthy();
  const plain = await browser.newPage({ javaScriptEnabled: false, viewport: page.viewportSize() });
  await plain.goto(url(project as ProjectEntry));
  const before = await plain.locator('#gallery .swiper').first().boundingBox();
  const thumbsBefore = await plain.locator('#gallery .swiper').nth(1).boundingBox();
  await plain.close();
  await open(page, url(project as ProjectEntry));
  const after = await page.locator('#gallery .swiper').first().boundingBox();
  const thumbsAfter = await page.locator('#gallery .swiper').nth(1).boundingBox();
  expect(Math.abs((after?.height ?? 0) - (before?.height ?? -1))).toBeLessThan(1);
  expect(Math.abs((thumbsAfter?.height ?? 0) - (thumbsBefore?.height ?? -1))).toBeLessThan(1);
});

test.describe('video and map', { tag: '@phone' }, () => {
  test('the player loads from the video host only after play is pressed', async ({ page }) => {
    expect(withVideo, 'the sheets name a project with a video').toBeTruthy();
    const project = withVideo as ProjectEntry;
    await page.route(/youtube|vimeo|ytimg|googlevideo/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const outside = thirdPartyRequests(page);
    await open(page, url(project));
    const video = page.locator('#video');
    await video.scrollIntoViewIfNeeded();
    expect(outside).toEqual([]);
    await video.getByRole('link', { name: `Play the video of ${project.name}` }).click();
    const player = video.locator('iframe');
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute('title', `Video of ${project.name}`);
    await expect(player).toHaveAttribute('src', /autoplay=1/);
    await expect(player).toHaveAttribute('loading', 'lazy');
    await expect(player).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    await expect(player).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(player).toBeFocused();
    await expect.poll(() => outside.length).toBeGreaterThan(0);
  });

  test('the interactive map loads only when asked for', async ({ page }) => {
    expect(withMap, 'the sheets name a project with a map').toBeTruthy();
    const project = withMap as ProjectEntry;
    await page.route(/google\.com|gstatic|googleapis/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title>' }),
    );
    const outside = thirdPartyRequests(page);
    await open(page, url(project));
    const location = page.locator('#location');
    await location.scrollIntoViewIfNeeded();
    expect(outside).toEqual([]);
    await location.getByRole('link', { name: 'Show interactive map' }).click();
    const map = location.locator('iframe');
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('src', project.map_embed ?? '');
    await expect(map).toHaveAttribute('title', new RegExp(project.name));
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => outside.length).toBeGreaterThan(0);
  });
});
