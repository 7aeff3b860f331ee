/**
 * One style of filter across the listing pages (issue 16): the search panel of /ourProperty,
 * /residential and /preRentedList, the table's filters and a locality page's toggles sit in the
 * same panel, with the same labels, controls, chosen state and focus ring, and on a phone behind
 * the same Filters control showing the result count.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { filtersControl, open, site } from './listings-helpers';
import { localityPath, PATHS } from '../../src/data/links';

const LISTING_PAGES = [
  PATHS.underConstruction,
  PATHS.residential,
  PATHS.preRented,
  PATHS.preRentedTable,
  ...site.localities.map((l) => localityPath(l.route)),
];

/** The look of a page's filters, read from computed styles: equal on every listing page. */
async function filterStyle(page: Page) {
  return page.locator('main details:has(> summary) > div').evaluate(
    (panel) => {
      const style = (element: Element | null | undefined, properties: readonly string[]) => {
        if (!element) return null;
        const computed = getComputedStyle(element);
        return Object.fromEntries(properties.map((p) => [p, computed.getPropertyValue(p)]));
      };
      const same = (elements: Element[], properties: readonly string[]) => {
        const looks = [...new Set(elements.map((e) => JSON.stringify(style(e, properties))))];
        return looks.length === 1 ? JSON.parse(looks[0] ?? 'null') : { differing: looks };
      };
      const labels = [...panel.querySelectorAll('legend, label[for], [role="group"] > p')];
      const controls = [
        ...panel.querySelectorAll(
          'label:has(> input[type="radio"]), a, button, input:not([type="radio"]), select',
        ),
      ];
      const chosen = [...panel.querySelectorAll('label:has(> input:checked), button[aria-pressed="true"]')];
      // The focus ring of the first control, as a keyboard user sees it (on the pill, for a radio).
      const first = panel.querySelector('input, button, a, select');
      if (first instanceof HTMLElement) first.focus();
      const ringOn = first?.matches('input[type="radio"]') ? first.parentElement : first;
      return {
        panel: style(panel, ['border-radius', 'border-top-color', 'background-color', 'box-shadow']),
        labels:
          labels.length === 0
            ? null
            : same(labels, ['font-size', 'font-weight', 'letter-spacing', 'text-transform', 'color']),
        controls:
          controls.length === 0
            ? null
            : same(controls, ['min-height', 'border-top-left-radius', 'border-top-width', 'font-size']),
        chosen: chosen.length === 0 ? 'none' : same(chosen, ['background-color', 'color']),
        focusRing: style(ringOn, ['outline-style', 'outline-width', 'outline-color']),
      };
    },
    undefined,
    { timeout: 15_000 },
  );
}

test('every listing page draws its filters in the one style @phone', async ({ page }) => {
  test.setTimeout(90_000);
  const looks: Record<string, Awaited<ReturnType<typeof filterStyle>>> = {};
  for (const path of LISTING_PAGES) {
    await open(page, path);
    // By keyboard, as the focus ring is drawn for keyboard users (a tap hides it, rightly).
    const control = filtersControl(page);
    if (await control.isVisible()) {
      await control.focus();
      await page.keyboard.press('Enter');
    }
    looks[path] = await filterStyle(page);
  }
  const [reference, ...others] = Object.entries(looks);
  const [, look] = reference ?? [];
  expect(look?.labels, 'labels read the same everywhere').not.toHaveProperty('differing');
  expect(look?.controls, 'one shape of control').not.toHaveProperty('differing');
  expect(look?.focusRing?.['outline-style'], 'a visible focus ring').toBe('solid');
  for (const [path, other] of others) {
    // The table has no chosen pill: its fields are selects; everything else must match.
    const { chosen, ...rest } = other;
    const { chosen: referenceChosen, ...referenceRest } = look ?? { chosen: null };
    expect(rest, `${path} against ${reference?.[0]}`).toEqual(referenceRest);
    if (chosen !== 'none') expect(chosen, `${path}: the chosen option`).toEqual(referenceChosen);
  }
});

test.describe('on a phone', { tag: '@phone-only' }, () => {
  test('every listing page folds its filters behind a Filters control showing the result count', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const path of LISTING_PAGES) {
      await open(page, path);
      const control = filtersControl(page);
      await expect(control, path).toBeVisible();
      const count = await page.getByRole('status').first().locator('strong').textContent();
      expect(count, path).toMatch(/^\d+ Propert(y|ies)$/);
      await expect(control, path).toContainText(count ?? '');
      const panel = page.locator('main details:has(> summary) > div');
      await expect(panel, `${path}: folded`).toBeHidden();
      await control.click();
      await expect(panel, `${path}: unfolded`).toBeVisible();
    }
  });
});

test('on a desktop the filters stay open and the Filters control is hidden', async ({ page }) => {
  for (const path of LISTING_PAGES) {
    await open(page, path);
    await expect(filtersControl(page), path).toBeHidden();
    await expect(page.locator('main details:has(> summary) > div'), path).toBeVisible();
  }
});
