/**
 * Nothing fixed covers the page: at several scroll positions of every template, no fixed
 * element lies over a link, button, form field or price of the page. The header and the
 * phone's action bar run along the window's edges and are opaque, so what scrolls under them
 * has left the window; they are checked where the page cannot move it away: the header at the
 * top of the page, the action bar at its end. Anything else fixed (the Enquire Now tab on wide
 * screens) must stay clear at every position.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, holdTimers, test } from './fixtures';
import { site } from './routes-data';
import { localityPath, PATHS, projectPath, tenantPath } from '../../src/data/links';

const TEMPLATES = [
  '/',
  PATHS.underConstruction,
  PATHS.preRented,
  PATHS.preRentedTable,
  tenantPath(site.tenants[0] ?? ''),
  localityPath(site.localities[0]?.route ?? ''),
  site.projects.find((p) => p.slug === 'joyDistrict')?.path ?? projectPath('feature', 'joyDistrict'),
  PATHS.property,
  PATHS.newDevelopment,
  PATHS.aboutUs,
  PATHS.contactUs,
  PATHS.achievements,
  PATHS.privacyPolicy,
];

interface Covered {
  fixed: string;
  target: string;
}

/** Pairs of (fixed element, page element it covers) at the current scroll position. */
function coveredAt(page: Page, position: 'top' | 'middle' | 'end'): Promise<Covered[]> {
  return page.evaluate((where) => {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    /** The part of an element the window shows: its box cut by every ancestor that clips it. */
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      let { left, top, right, bottom } = box;
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, top, right, bottom };
    };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = shown(el);
      return (
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        box.right > box.left &&
        box.bottom > box.top &&
        box.bottom > 0 &&
        box.top < vh
      );
    };
    const fixed = [...document.body.querySelectorAll('*')].filter(
      (el) =>
        getComputedStyle(el).position === 'fixed' &&
        !el.closest('dialog') &&
        visible(el) &&
        ![...document.body.querySelectorAll('*')].some(
          (other) => other !== el && other.contains(el) && getComputedStyle(other).position === 'fixed',
        ),
    );
    const targets = [
      ...document.querySelectorAll(
        'main a, main button, main input, main select, main textarea, main summary, footer a, footer button',
      ),
      // Prices and rents: the innermost elements that write an amount in rupees.
      ...[...document.querySelectorAll('main *')].filter(
        (el) => el.children.length === 0 && /₹\s?\d/.test(el.textContent ?? ''),
      ),
    ].filter((el) => visible(el) && !el.closest('.visually-hidden'));
    const found: { fixed: string; target: string }[] = [];
    for (const bar of fixed) {
      const box = bar.getBoundingClientRect();
      const fullWidth = box.left <= 0 && box.right >= vw - 1;
      const atTop = fullWidth && box.top <= 0;
      const atBottom = fullWidth && box.bottom >= vh - 1;
      if (atTop && where !== 'top') continue;
      if (atBottom && where !== 'end') continue;
      for (const target of targets) {
        if (bar.contains(target)) continue;
        const t = shown(target);
        const overlaps = t.left < box.right && t.right > box.left && t.top < box.bottom && t.bottom > box.top;
        if (overlaps) found.push({ fixed: describe(bar), target: describe(target) });
      }
    }
    return found;
  }, position);
}

test.describe('no fixed element covers the page', { tag: '@phone' }, () => {
  for (const path of TEMPLATES) {
    test(path, async ({ page }) => {
      await holdTimers(page);
      await page.goto(path);
      await hydrated(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const stops: ['top' | 'middle' | 'end', number][] = [
        ['top', 0],
        ['middle', Math.round(height / 3)],
        ['middle', Math.round((2 * height) / 3)],
        ['end', height],
      ];
      for (const [where, y] of stops) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        expect(await coveredAt(page, where), `${path} scrolled to ${y}px`).toEqual([]);
      }
    });
  }
});
