/**
 * A connection lost while the page fetches one of its code files on first need (a form's code, a
 * slider): the file's request fails as the browser goes offline, and the page is checked to get
 * it once back online without a reload.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** Requests for the built code file named `name` (a chunk's name, before its hash), under any query. */
export const codeFile = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js(\\?.*)?$`);

/**
 * The connection drops while the code file `name` is on its way: its first request fails as
 * the browser goes offline. Later requests go through once the test brings the browser back
 * online; every request's address is kept.
 */
export async function dropWhileLoading(page: Page, context: BrowserContext, name: string): Promise<string[]> {
  const requested: string[] = [];
  await page.route(codeFile(name), async (route) => {
    requested.push(new URL(route.request().url()).pathname + new URL(route.request().url()).search);
    if (requested.length > 1) return route.continue();
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });
  return requested;
}

/** Marks the page's window, so that a test can tell it was never reloaded. */
export const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
export const stillSameWindow = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
