import type { Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

interface ConsoleGuard {
  problems: string[];
  allowed: RegExp[];
}

interface Fixtures {
  /**
   * Lets a test expect console errors whose text or source URL match `pattern` (e.g. the failed
   * request of a form test that answers 500). Anything else logged as an error still fails the test.
   */
  allowConsoleError: (pattern: RegExp) => void;
  consoleGuard: ConsoleGuard;
}

/**
 * Every browser test imports `test` from here: it fails on any console error, any
 * uncaught page error and any React hydration warning the page logs.
 */
export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  consoleGuard: async ({}, provide) => {
    await provide({ problems: [], allowed: [] });
  },
  allowConsoleError: async ({ consoleGuard }, provide) => {
    await provide((pattern) => consoleGuard.allowed.push(pattern));
  },
  page: async ({ page, consoleGuard }, provide) => {
    watchConsole(page, consoleGuard);
    await provide(page);
    expect(consoleGuard.problems, 'console errors, page errors and hydration warnings').toEqual([]);
  },
});

/**
 * Records `page`'s console errors, page errors and hydration warnings in `guard`, which fails
 * the test at its end: the test's `page` is watched already; watch any other tab it opens.
 */
export function watchConsole(page: Page, { problems, allowed }: ConsoleGuard): void {
  page.on('console', (message) => {
    const text = `${message.text()} ${message.location().url}`;
    const hydration = message.type() === 'warning' && /hydrat|did not match/i.test(text);
    if ((message.type() === 'error' || hydration) && !allowed.some((pattern) => pattern.test(text))) {
      problems.push(`console.${message.type()} on ${page.url()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
}

export { expect };

/** Waits until React has hydrated the page (the layout marks <html data-hydrated>). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Stops the page's timers before it loads, so the enquiry pop-up (which opens by itself
 * after 3 s) cannot take focus in the middle of a test. Move time on with
 * `page.clock.runFor(ms)`. Call before `page.goto`.
 */
export async function holdTimers(page: Page): Promise<void> {
  const held = new Date('2025-06-02T10:00:01+05:30');
  // The installed clock runs until paused, and pausing at a time already past throws: a minute's
  // lead, not a second's, so a loaded machine (CI: "Cannot fast-forward to the past") still makes it.
  await page.clock.install({ time: held.getTime() - 60_000 });
  await page.clock.pauseAt(held);
}
