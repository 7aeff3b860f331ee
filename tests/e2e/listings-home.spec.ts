import { expect, test } from './fixtures';
import {
  amount,
  closeEnquiryPopup,
  hrefsIn,
  moneyOutOfFormat,
  must,
  open,
  rawHtml,
  site,
} from './listings-helpers';
import { unescapeHtml } from './routes-data';
import { formatMoney } from '../../src/data/format';
import { localityPath, PATHS, tenantPath } from '../../src/data/links';

/** The listings the featured cards come from, in the order their types first appear. */
/** Spec 2.3: VIEW ALL PROPERTIES + to /ourProperty; beside it, the residential listing when a featured project is residential. */
const featuredResidential = site.featured.some(
  (f) =>
    must(
      site.projects.find((p) => p.slug === f.project),
      `featured project ${f.project}`,
    ).type === 'Residential',
);
const featuredListings = [PATHS.underConstruction, ...(featuredResidential ? [PATHS.residential] : [])];
/** How brochures write a figure: "1500 Cr+", "1050+", "1.5B+" (a K, M or B sits against its number). */
const figure = (value: number, suffix: string | null) =>
  `${value}${suffix === null ? '' : /^(\+|[KMB]\b)/.test(suffix) ? suffix : ` ${suffix}`}`;
const statistics = (page: 'home' | 'about') => site.statistics.filter((s) => s.page === page);
const section = (html: string, title: string) => {
  const start = html.indexOf(`>${title}</h2>`);
  expect(start, title).toBeGreaterThan(0);
  return unescapeHtml(html.slice(start, html.indexOf('</section>', start)).replace(/<!-- -->/g, ''));
};

test('About Us shows the settings’ text and the statistics sheet’s about rows beside it, as served', async ({
  page,
}) => {
  const html = unescapeHtml((await rawHtml(page, PATHS.aboutUs)).replace(/<!-- -->/g, ''));
  expect(html).toContain(`>${site.settings.about_title}</h2>`);
  for (const paragraph of [...site.settings.about_text, ...site.settings.founder_text])
    expect(html).toContain(`<p>${paragraph}</p>`);
  const about = statistics('about');
  expect(about.length).toBeGreaterThan(0);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const s of about)
    expect(html).toMatch(
      new RegExp(`>${literal(s.label)}</dt><dd[^>]*>${literal(figure(s.value, s.suffix))}<`),
    );
});

test('the home page as served has every section with the sheets’ content', async ({ page }) => {
  const html = await rawHtml(page, '/');

  const featured = section(html, 'FEATURED LISTING');
  expect(hrefsIn(featured)).toEqual([...site.featured.map((f) => f.path), ...featuredListings]);
  const prices = [...featured.matchAll(/₹[\d.,]+(?: (?:Cr|L)\b)?/g)].map(([text]) => text);
  expect(prices).toEqual(site.featured.map((f) => formatMoney(f.price)));
  expect(moneyOutOfFormat(featured)).toEqual([]);
  // Rounded to two decimals of a crore or lakh: within half a hundredth of one of the sheet's price.
  for (const [i, f] of site.featured.entries())
    expect(Math.abs(amount(prices[i] ?? '') - f.price), f.project).toBeLessThanOrEqual(
      f.price < 1e7 ? 500 : 50_000,
    );
  expect(featured).toMatch(
    new RegExp(`<a href="${PATHS.underConstruction}"[^>]*>VIEW ALL PROPERTIES \\+</a>`),
  );

  const preRented = section(html, 'PRE-RENTED PROPERTIES');
  expect(hrefsIn(preRented)).toEqual([
    ...site.homePreRented.map((c) => tenantPath(c.tenant)),
    PATHS.preRented,
  ]);
  expect([...preRented.matchAll(/₹[\d.,]+(?: L| Cr)?\/month/g)].map(([rent]) => rent)).toEqual(
    site.homePreRented.map((c) => formatMoney(c.rent, { perMonth: true })),
  );
  expect(moneyOutOfFormat(preRented)).toEqual([]);
  expect(preRented).toContain('>VIEW ALL<');

  const builders = section(html, 'OUR DEVELOPER PORTFOLIO');
  const alts = [...builders.matchAll(/<img [^>]*alt="([^"]*)"/g)].map(([, alt]) => alt);
  expect(alts).toEqual([...site.builders.map((b) => b.name), ...site.builders.map(() => '')]);
  expect(builders.match(/aria-hidden="true"/g)?.length).toBeGreaterThanOrEqual(1);

  expect(html).toMatch(/href="\/listWithUs"[^>]*>[\s\S]*?LIST WITH US/);
  expect(html).toMatch(/href="\/newDevelopment"[^>]*>[\s\S]*?NEW DEVELOPMENT/);
  const map = html.slice(
    html.lastIndexOf('<li', html.indexOf('INTERACTIVE MAP')),
    html.indexOf('COMING SOON'),
  );
  expect(map).not.toContain('<a ');

  const numbers = section(html, 'OUR NUMBERS');
  for (const s of statistics('home')) expect(numbers).toContain(`>${figure(s.value, s.suffix)}<`);
  for (const s of statistics('about')) expect(numbers).not.toContain(`>${s.label}<`);

  const reviews = section(html, 'WHAT OUR CLIENTS SAY');
  const home = site.testimonials.filter((t) => t.page === 'home');
  expect(reviews.match(/<blockquote/g)).toHaveLength(home.length);
  for (const t of home) expect(reviews).toContain(t.text);
  expect(reviews.match(/Rated 5 out of 5/g)?.length).toBe(home.filter((t) => t.rating === 5).length);
});

test('the film plays muted and looping and can be paused; the logos scroll left', async ({ page }) => {
  await open(page, '/');
  const video = page.locator('video');
  await expect(video).toHaveCount(1);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline])).toEqual([
    true,
    true,
    true,
  ]);
  await expect(video.locator('source')).toHaveCount(2);
  const pause = page.getByRole('button', { name: 'Pause background video' });
  await pause.click();
  await expect(page.getByRole('button', { name: 'Play background video' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  const track = page
    .locator('ul[aria-hidden="true"]')
    .filter({ has: page.locator('img') })
    .locator('..');
  await expect(track).not.toHaveCSS('animation-name', 'none');
  await expect(track).toHaveCSS('animation-duration', '40s');
  await page.getByText('Pause logos').click();
  await expect(track).toHaveCSS('animation-play-state', 'paused');
});

test('builder logos are lazy until the marquee comes near, then all of them load, even those outside the moving window', async ({
  page,
}) => {
  const html = await rawHtml(page, '/');
  const logos = [...section(html, 'OUR DEVELOPER PORTFOLIO').matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
  expect(logos.length).toBe(2 * site.builders.length);
  for (const tag of logos) expect(tag).toContain('loading="lazy"');

  await open(page, '/');
  const marquee = page.locator('#builders');
  const images = marquee.locator('img');
  await expect(images).toHaveCount(2 * site.builders.length);
  await marquee.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      images.evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(2 * site.builders.length);
});

test('under reduced motion only the poster shows and nothing moves', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/');
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /background video/ })).toHaveCount(0);
  const track = page
    .locator('ul[aria-hidden="true"]')
    .filter({ has: page.locator('img') })
    .locator('..');
  await expect(track).toHaveCSS('animation-name', 'none');
  const first = must(statistics('home')[0], 'a statistic');
  await page.getByRole('heading', { name: 'OUR NUMBERS' }).scrollIntoViewIfNeeded();
  await expect(page.getByText(figure(first.value, first.suffix), { exact: true }).last()).toBeVisible();
});

test('the numbers count up from 0 over 10 s once in view, and read as the final figures', async ({
  page,
}) => {
  await open(page, '/');
  const first = must(statistics('home')[0], 'a statistic');
  const final = figure(first.value, first.suffix);
  // The counting figure is the last of the three spans that write it (CountUp.tsx).
  const shown = page.locator('dd span[aria-hidden="true"]:last-child').first();
  await expect(shown).toHaveText(figure(0, first.suffix));
  await page.getByRole('heading', { name: 'OUR NUMBERS' }).scrollIntoViewIfNeeded();
  // The count starts on the first frame after the figures come into view.
  await expect(async () => {
    await page.clock.runFor(50);
    expect(amount(await shown.innerText())).toBeGreaterThan(0);
  }).toPass();
  await page.clock.runFor(4000);
  const midway = amount(await shown.innerText());
  expect(midway).toBeGreaterThan(0);
  expect(midway).toBeLessThan(first.value);
  await page.clock.runFor(6000);
  await expect(shown).toHaveText(final);
  await expect(page.locator('dd .visually-hidden').first()).toHaveText(final);
});

test('wide screens get the testimonial carousel, two at a time, moving every 5 s until paused', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await open(page, '/');
  await page.getByRole('heading', { name: 'WHAT OUR CLIENTS SAY' }).scrollIntoViewIfNeeded();
  const carousel = page.getByRole('region', { name: 'What our clients say' });
  // React reveals a lazily loaded component on a timer; the held clock must move for it.
  await expect(async () => {
    await page.clock.runFor(400);
    await expect(carousel.locator('.swiper-slide-active')).toHaveCount(1, { timeout: 200 });
  }).toPass();
  expect(requests.some((url) => /swiper|TestimonialCarousel/i.test(url))).toBe(true);
  const active = () => carousel.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
  const before = await active();
  await page.mouse.move(0, 0);
  await page.clock.runFor(5400);
  await closeEnquiryPopup(page);
  await expect.poll(active).not.toBe(before);
  await carousel.getByRole('button', { name: 'Pause reviews' }).click();
  const paused = await active();
  await page.clock.runFor(12000);
  expect(await active()).toBe(paused);
  await expect(carousel.getByRole('button', { name: 'Play reviews' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const gap = await carousel
    .locator('.swiper-slide')
    .first()
    .evaluate((slide) => getComputedStyle(slide).marginRight);
  expect(gap).toBe('30px');
});

test('a visitor on the list of reviews keeps their focus: the carousel takes over once they move on', async ({
  page,
}) => {
  await open(page, '/');
  const list = page.getByRole('list', { name: /Client reviews/ });
  // Focus brings the section into view, which is what starts the carousel's loading.
  await list.focus();
  // A second of real and page time (the pop-up opens at 3 s): ample for the carousel to load and swap.
  for (let step = 0; step < 5; step += 1) {
    await page.clock.runFor(200);
    await page.waitForTimeout(200);
    await expect(list, 'the list is still the focused element').toBeFocused();
  }
  await page.keyboard.press('Tab');
  const carousel = page.getByRole('region', { name: 'What our clients say' });
  await expect(async () => {
    await page.clock.runFor(400);
    await expect(carousel.locator('.swiper-slide-active')).toHaveCount(1, { timeout: 200 });
  }).toPass();
  await expect(list).toHaveCount(0);
  const focused = await page.evaluate(() => document.activeElement?.tagName);
  expect(focused, 'focus moved on to the next stop, not back to the top').not.toBe('BODY');
});

test('phones do not show the reviews (medium screens and up only) and never load the carousel @phone-only', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await open(page, '/');
  await expect(page.getByRole('heading', { name: 'WHAT OUR CLIENTS SAY' })).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.clock.runFor(2000);
  expect(requests.filter((url) => /swiper|TestimonialCarousel/i.test(url))).toEqual([]);
});

test('carousel and table code load only on their own pages', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  for (const url of [
    PATHS.underConstruction,
    PATHS.preRented,
    localityPath(must(site.localities[0], 'a locality').route),
  ]) {
    await open(page, url);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  expect(requests.filter((url) => /swiper|TestimonialCarousel|PreRentedTablePage/i.test(url))).toEqual([]);
});

test.describe('one money format', { tag: '@phone' }, () => {
  const tenant = must(
    site.preRented.find((r) => r.asking_price !== null),
    'a record with an asking price',
  );
  const project = must(
    site.projects.find((p) => p.price_from !== null),
    'a project with a price',
  );
  const pages = [
    PATHS.home,
    PATHS.residential,
    PATHS.underConstruction,
    PATHS.newDevelopment,
    PATHS.preRented,
    PATHS.preRentedTable,
    tenantPath(tenant.tenant),
    project.path,
  ];
  for (const path of pages)
    test(`every price and rent on ${path} is in crores or lakhs, full digits only under a lakh`, async ({
      page,
    }) => {
      await open(page, path);
      const text = await page.locator('main').innerText();
      expect(text).toContain('₹');
      expect(moneyOutOfFormat(text)).toEqual([]);
    });
});

test('each VIEW ALL under FEATURED LISTING leads to a listing that shows every featured project of its kind @phone', async ({
  page,
}) => {
  await open(page, PATHS.home);
  const links = page
    .locator('section', { has: page.getByRole('heading', { name: 'FEATURED LISTING' }) })
    .getByRole('link', { name: /^VIEW ALL/ });
  const targets = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(targets).toEqual(featuredListings);
  await expect(links.first()).toHaveText('VIEW ALL PROPERTIES +');
  const listed = new Set<string>();
  for (const target of targets) {
    await open(page, target);
    const cards = page.locator('main article a[href]');
    for (const href of await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
      listed.add(href);
  }
  for (const f of site.featured) expect([...listed], f.project).toContain(f.path);
});
