import {
  HEADER_SCROLL_THRESHOLD_PX,
  HEADER_SCROLLED_OPACITY,
  SCROLL_THROTTLE_MS,
} from '../../src/app/constants';
import { expect, holdTimers, hydrated, test } from './fixtures';
import { PAGES, site } from './routes-data';
import { PATHS } from '../../src/data/links';

test.describe('desktop header', () => {
  // The pop-up opens by itself after 3 s and would take focus mid-test: page timers stand still.
  test.beforeEach(async ({ page }) => {
    await holdTimers(page);
  });

  test('is transparent with the logo invisible at the top, gold with the logo faded in past 80 px', async ({
    page,
  }) => {
    await page.goto(PATHS.aboutUs);
    await hydrated(page);
    const header = page.locator('body > header');
    const logo = header.getByRole('link', { name: site.settings.brand_name });
    const opacity = () => logo.evaluate((el) => getComputedStyle(el).opacity);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(logo).toBeHidden();

    // Waits for the scroll event itself (it fires on the next frame), then for the throttle.
    const scrollTo = async (y: number) => {
      await page.evaluate(
        (top) =>
          new Promise<void>((resolve) => {
            window.addEventListener('scroll', () => resolve(), { once: true });
            window.scrollTo(0, top);
          }),
        y,
      );
      await page.clock.runFor(SCROLL_THROTTLE_MS * 2);
    };
    await scrollTo(HEADER_SCROLL_THRESHOLD_PX - 20);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(logo).toBeHidden();

    await scrollTo(HEADER_SCROLL_THRESHOLD_PX + 40);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('href', '/');
    // The logo and the colour ease in (CSS transitions, which the held clock does not hold): read them once they have.
    await expect.poll(opacity).toBe('1');
    const alpha = async () => {
      const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
      return Number(/[\d.]+(?=\)$)/.exec(background)?.[0]);
    };
    await expect.poll(alpha).toBeCloseTo(HEADER_SCROLLED_OPACITY, 2);

    await scrollTo(0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(logo).toBeHidden();
  });

  // One test a template, not one for them all: each page has its own time, and the two workers share them.
  for (const { routeId, url } of new Map(PAGES.map((p) => [p.routeId, p])).values()) {
    test(`hides the logo at the top of the ${routeId} template`, async ({ page }) => {
      await page.goto(url);
      await hydrated(page);
      const header = page.locator('body > header');
      await expect(header).toHaveAttribute('data-scrolled', 'false');
      await expect(header.getByRole('link', { name: site.settings.brand_name })).toBeHidden();
    });
  }

  test("the home page's hero carries the brand while the header hides it", async ({ page }) => {
    await page.goto(PATHS.home);
    await hydrated(page);
    await expect(page.getByRole('main').getByText(site.settings.brand_name, { exact: true })).toBeVisible();
  });

  test('every page opens at its top', async ({ page }) => {
    await page.goto(PATHS.privacyPolicy);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('All Property and its Commercial submenu open by mouse', async ({ page }) => {
    await page.goto(PATHS.contactUs);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Residential Property' })).toBeHidden();
    await nav.getByText('All Property').hover();
    await expect(nav.getByRole('link', { name: 'Residential Property' })).toBeVisible();
    await nav.getByText('Commercial Property').hover();
    await expect(nav.getByRole('link', { name: 'Under Construction' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pre-Rented Property' })).toBeVisible();
    await nav.getByRole('link', { name: 'Pre-Rented Property' }).click();
    await expect(page).toHaveURL(/\/preRentedList$/);
  });

  test('menus work by keyboard: Enter opens, Escape closes and focus returns', async ({ page }) => {
    await page.goto(PATHS.achievements);
    await hydrated(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const allProperty = nav.locator('summary', { hasText: 'All Property' });
    await allProperty.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Residential Property' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Under Construction' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Under Construction' })).toBeHidden();
    await expect(nav.locator('summary', { hasText: 'Commercial Property' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Residential Property' })).toBeHidden();
    await expect(allProperty).toBeFocused();
  });

  test('the phone number is a click-to-call link', async ({ page }) => {
    await page.goto(PATHS.aboutUs);
    const call = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: site.settings.phone });
    await expect(call).toHaveAttribute('href', `tel:${site.settings.phone.replace(/[^\d+]/g, '')}`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the property menu still opens and its links are reachable', async ({ page }) => {
    await page.goto(PATHS.listWithUs);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'All Property' }).click();
    await nav.locator('summary', { hasText: 'Commercial Property' }).click();
    await expect(nav.getByRole('link', { name: 'Under Construction' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'List With Us' })).toBeVisible();
  });

  test('Enquire Now leads to the contact form', async ({ page }) => {
    await page.goto(PATHS.listWithUs);
    await page.getByRole('button', { name: 'Enquire Now' }).click();
    await expect(page).toHaveURL(/\/contactUs\??$/);
    await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /name/i }).first()).toBeEditable();
  });

  test('sections that fade in on scroll are shown as they are', async ({ page }) => {
    await page.goto(PATHS.aboutUs);
    const lastMember = site.team.at(-1);
    if (!lastMember) throw new Error('The team sheet is empty.');
    const member = page.getByRole('heading', { name: lastMember.name });
    await member.scrollIntoViewIfNeeded();
    await expect(member).toBeVisible();
    expect(await member.evaluate((el) => getComputedStyle(el.closest('li') as Element).opacity)).toBe('1');
  });
});

test('sections fade in from the side as they scroll into view, and not at all under reduced motion', async ({
  page,
}) => {
  await page.goto(PATHS.aboutUs);
  await hydrated(page);
  const last = page.locator('[data-reveal]').last();
  await expect(last).toHaveAttribute('data-reveal', 'waiting');
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute('data-reveal', 'shown');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await hydrated(page);
  await expect(page.locator('[data-reveal]')).toHaveCount(0);
});

/** "rgb(201 168 106 / 0.9)", "rgba(…)" or "color(srgb 0.79 0.66 0.42 / 0.9)" as 0–255 channels and alpha. */
function channels(css: string): { rgb: number[]; alpha: number } {
  const numbers = (css.match(/[\d.]+/g) ?? []).map(Number);
  const srgb = css.startsWith('color(srgb');
  const rgb = numbers.slice(0, 3).map((n) => (srgb ? n * 255 : n));
  return { rgb, alpha: numbers[3] ?? 1 };
}

test('scrolled, the header is the brand gold at 0.9 over a blur, so nothing behind it can be read @phone', async ({
  page,
}) => {
  await holdTimers(page);
  await page.goto(PATHS.aboutUs);
  await hydrated(page);
  const header = page.locator('body > header');
  // A paragraph brought right under the bar: the blur is what keeps it from being read.
  await page.evaluate(
    (threshold) =>
      new Promise<void>((resolve) => {
        const paragraph = [...document.querySelectorAll('main p')].find(
          (p) => p.getBoundingClientRect().top + window.scrollY > threshold + 200,
        );
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo(0, (paragraph?.getBoundingClientRect().top ?? 0) + window.scrollY - 20);
      }),
    HEADER_SCROLL_THRESHOLD_PX,
  );
  await page.clock.runFor(SCROLL_THROTTLE_MS * 2);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  const under = await page.evaluate(() => {
    const bar = document.querySelector('body > header')?.getBoundingClientRect();
    return [...document.querySelectorAll('main p')].some((p) => {
      const box = p.getBoundingClientRect();
      return bar !== undefined && box.top < bar.bottom && box.bottom > bar.top;
    });
  });
  expect(under, 'text scrolled under the header').toBe(true);

  const gold = channels(
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--color-gold)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    }),
  );
  // The colour eases in (a CSS transition the held clock does not hold): read it once it has.
  await expect
    .poll(async () => {
      const style = await header.evaluate((el) => {
        const computed = getComputedStyle(el);
        return { background: computed.backgroundColor, blur: computed.backdropFilter };
      });
      const { rgb, alpha } = channels(style.background);
      const blur = Number(/blur\(([\d.]+)px\)/.exec(style.blur)?.[1] ?? 0);
      return {
        gold: rgb.every((c, i) => Math.abs(c - (gold.rgb[i] ?? -99)) <= 1),
        alpha: Math.round(alpha * 100) / 100,
        blurred: blur >= 8,
      };
    })
    .toEqual({ gold: true, alpha: HEADER_SCROLLED_OPACITY, blurred: true });
});
