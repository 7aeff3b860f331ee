/** What the listing tests expect, read straight from the generated site data, and small page helpers. */
import type { Locator, Page } from '@playwright/test';
import { expect, holdTimers, hydrated } from './fixtures';
import { site, unescapeHtml } from './routes-data';

export { site };

export const EMPTY = 'No properties available as of now under this category.';

/** "₹15,56,325" → 1556325; "4,600 / 9,200 sq.ft" → 4600 (the first figure). */
export function amount(text: string): number {
  const match = /[\d,]+(?:\.\d+)?/.exec(text);
  if (!match) throw new Error(`no figure in "${text}"`);
  return Number(match[0].replace(/,/g, ''));
}

/** Opens a page with the enquiry pop-up held back and waits for React to take over. */
export async function open(page: Page, url: string): Promise<void> {
  await holdTimers(page);
  await page.goto(url);
  await hydrated(page);
}

/** The links of the cards in a grid, in order. */
export async function cardLinks(grid: Locator): Promise<string[]> {
  return grid
    .locator('article h3 a, article h4 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** The card grid of the listing, by its accessible name. */
export const grid = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name, exact: typeof name === 'string' });

/** Page HTML as a static host serves it, before any script runs. */
export async function rawHtml(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return response.text();
}

/** The hrefs of the links inside a pre-rendered element's HTML. */
export function hrefsIn(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => unescapeHtml(m[1] ?? ''));
}

export const projectsFor = (type: 'Commercial' | 'Residential', route: string | null) =>
  site.projects.filter(
    (p) => p.in_search && p.type === type && (route === null || p.localityRoute === route),
  );

export const recordsIn = (route: string | null) =>
  site.preRented.filter((r) => route === null || r.localityRoute === route);

/** Chooses a radio with the keyboard, as a keyboard user would (and clear of the fixed Enquire Now button). */
export async function choose(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  await showFilters(page);
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/** The Filters control a listing page's filters fold behind on a phone (hidden on wider screens). */
export const filtersControl = (page: Page) => page.locator('main details > summary', { hasText: 'Filters' });

/** On a phone, unfolds the listing's filters; elsewhere they are shown already. */
export async function showFilters(page: Page): Promise<void> {
  const control = filtersControl(page);
  if ((await control.isVisible()) && !(await page.locator('main details:has(> summary)[open]').count()))
    await control.click();
}

/** Moving the held clock past 3 s opens the enquiry pop-up; this closes it again. */
export async function closeEnquiryPopup(page: Page): Promise<void> {
  if (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

/** The value, or a failed test naming what was missing: the data a test relies on must be there. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} in the data.`);
  return value;
}
