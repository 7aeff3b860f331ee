/**
 * Shared steps of the accessibility tests: an axe-core scan that fails with a
 * readable list of violations, and the pages grouped by route template.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { POPUP_DELAY_MS } from '../../src/app/constants';
import { expect, hydrated } from './fixtures';
import type { ExpectedPage } from './routes-data';
import { PAGES } from './routes-data';

/** WCAG 2.0–2.2 A and AA, plus axe's best practices (landmarks, one h1, headings in order). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Runs axe on the page as it is now; `state` names what was opened, for the failure message. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // A toggle just pressed fades between its colours; read mid-way, its text and background are
  // neither the old pair nor the new one, and axe would report a contrast the visitor never sees.
  // Only fades being drawn count: one that ended inside a closed disclosure (the phone's Filters)
  // stays listed until the disclosure opens, as the browser skips styling what it does not show.
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (a) =>
            a instanceof CSSTransition &&
            a.playState === 'running' &&
            a.effect instanceof KeyframeEffect &&
            a.effect.target?.checkVisibility() === true,
        ),
  );
  // Only violations fail a test: axe then writes selectors for those alone, not for every node that
  // passed (on a long page most of its time).
  // In the page itself (axe.run), not in parts gathered in each frame and finished in a blank page
  // the builder opens for every scan: that took two thirds of a scan (a tenant page 0.9 s against
  // 0.25 s in the page; the home page 1.2 s against 0.4 s). What it leaves out is the inside of a
  // frame from another site (a video or a map a visitor opened), which is not ours to fix; the
  // <iframe> itself is still checked.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`)
        .join('\n')}`,
  );
  expect(violations, `axe violations on ${page.url()} (${state})`).toEqual([]);
}

/** Pages whose clock runs again after `visit` (axe needs running timers); the next visit stops it first. */
const clockRunning = new WeakSet<Page>();

/**
 * Opens a page in a known state for scanning: hydrated, with the pop-up that
 * opens by itself after 3 s already shown and closed, so it cannot open in the
 * middle of a scan. Needs `holdTimers(page)` before the first visit; leaves the
 * page's clock running, as axe needs.
 */
export async function visit(page: Page, url: string): Promise<void> {
  if (clockRunning.has(page)) {
    const now = await page.evaluate(() => Date.now());
    // A minute ahead: the clock runs on while this call travels, and pausing in the past throws.
    await page.clock.pauseAt(new Date(now + 60_000));
    clockRunning.delete(page);
  }
  await page.goto(url);
  await hydrated(page);
  await page.clock.runFor(POPUP_DELAY_MS + 100);
  const popup = page.locator('dialog[open]');
  if ((await popup.count()) > 0) {
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
  }
  await page.clock.resume();
  clockRunning.add(page);
}

/**
 * Shows every part of the page at once: reduced motion keeps scroll-in
 * animations from hiding content below the fold, which axe would skip.
 */
export async function showEverything(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/** One page per route: the first path the route table lists for it. */
export const TEMPLATES: readonly ExpectedPage[] = [...new Map(PAGES.map((p) => [p.routeId, p])).values()];
