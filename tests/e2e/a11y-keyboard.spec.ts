import type { Page } from '@playwright/test';
import { showEverything, visit } from './a11y-helpers';
import { expect, holdTimers, test } from './fixtures';
import { PAGES } from './routes-data';
import { PATHS } from '../../src/data/links';

/*
 * Keyboard use: the skip link, a visible focus on every stop of the Tab key,
 * and the enquiry dialog keeping focus inside while open and giving it back.
 */

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await holdTimers(page);
  // Still pictures: only focus may change what the screenshots show.
  await showEverything(page);
});

interface Stop {
  description: string;
  visible: boolean;
  indicated: boolean;
}

/**
 * The focused element: whether it can be seen, and whether focus changes how it
 * looks. The focus ring may sit on the element, on a card around it
 * (:focus-within) or on a drawn stand-in next to a visually hidden input, so
 * the test compares the pixels around it focused and unfocused.
 */
async function focusedStop(page: Page): Promise<Stop | null> {
  const found = await page.evaluate(async () => {
    // Let the focus styles settle: transitions start on the next frame, then run to their end.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.race([
      Promise.all(transitions.map((t) => t.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    let box = element.getBoundingClientRect();
    // A visually hidden input (1 px) is seen through its label.
    if (box.width < 4 || box.height < 4)
      box = (element.closest('label') ?? element.parentElement ?? element).getBoundingClientRect();
    const style = getComputedStyle(element);
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    const visible =
      box.width >= 4 &&
      box.height >= 4 &&
      box.bottom > 0 &&
      box.top < window.innerHeight &&
      style.visibility !== 'hidden';
    // The ring may be drawn around a card holding the element: compare the largest close ancestor of card size.
    let region = box;
    let ancestor = element.parentElement;
    for (let level = 0; ancestor && level < 4; level += 1, ancestor = ancestor.parentElement) {
      const r = ancestor.getBoundingClientRect();
      if (r.width * r.height <= (window.innerWidth * window.innerHeight) / 4) region = r;
    }
    const x = Math.max(0, Math.min(box.x, region.x) - 8);
    const y = Math.max(0, Math.min(box.y, region.y) - 8);
    const right = Math.min(window.innerWidth, Math.max(box.right, region.right) + 8);
    const bottom = Math.min(window.innerHeight, Math.max(box.bottom, region.bottom) + 8);
    return {
      description: `<${element.tagName.toLowerCase()}> "${label}"`,
      visible,
      clip: { x, y, width: right - x, height: bottom - y },
    };
  });
  if (found === null) return null;
  if (!found.visible || found.clip.width <= 0 || found.clip.height <= 0)
    return { description: found.description, visible: false, indicated: false };
  const shot = () => page.screenshot({ clip: found.clip, animations: 'disabled', caret: 'hide' });
  const focused = await shot();
  await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    element.dataset.keyboardTest = 'focused';
    element.blur();
  });
  const unfocused = await shot();
  await page.evaluate(() => {
    const element = document.querySelector<HTMLElement>('[data-keyboard-test="focused"]');
    element?.removeAttribute('data-keyboard-test');
    element?.focus();
  });
  return { description: found.description, visible: true, indicated: !focused.equals(unfocused) };
}

const TEMPLATE_PATHS = [
  '/',
  PATHS.preRentedTable,
  PATHS.underConstruction,
  ...['tenant', 'feature', 'locality'].map((id) => PAGES.find((p) => p.routeId === id)?.url ?? '/'),
];

test.describe('keyboard', { tag: '@phone' }, () => {
  test('the first Tab stop is the skip link, shown when focused, and it moves focus to the content', async ({
    page,
  }) => {
    await visit(page, PATHS.aboutUs);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    expect(inMain, 'the Tab after the skip link lands in the content').toBe(true);
  });

  for (const path of TEMPLATE_PATHS) {
    test(`every Tab stop on ${decodeURI(path)} can be seen and shows a focus ring`, async ({ page }) => {
      await visit(page, path);
      const problems: string[] = [];
      let stops = 0;
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        const stop = await focusedStop(page);
        if (stop === null) break;
        stops += 1;
        if (!stop.visible) problems.push(`${stop.description} is focused but cannot be seen`);
        if (!stop.indicated) problems.push(`${stop.description} shows no focus ring`);
      }
      expect(stops).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    });
  }

  test('the enquiry dialog keeps focus inside while open, and gives it back to Enquire Now', async ({
    page,
  }) => {
    await visit(page, PATHS.contactUs);
    const enquire = page.getByRole('button', { name: 'Enquire Now' });
    await enquire.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 15; i += 1) {
        await page.keyboard.press(key);
        // Leaving the page for the browser's own controls is allowed; landing elsewhere in the page is not.
        const where = await page.evaluate(() => {
          const active = document.activeElement;
          if (active === null || active === document.body) return 'outside the page';
          return active.closest('dialog[open]') ? 'dialog' : active.outerHTML.slice(0, 80);
        });
        expect(['dialog', 'outside the page'], `focus after ${i + 1} × ${key}`).toContain(where);
      }
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(enquire).toBeFocused();
  });
});
