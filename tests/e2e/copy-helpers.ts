/** The copy checks that more than one spec reads a page with. */
import type { Page } from '@playwright/test';
import { site } from './routes-data';

const BRAND = site.settings.brand_name;

/**
 * "Gurgaon" anywhere a visitor can meet text (the page's text, hidden menus included, its title,
 * and its pictures' and controls' labels), once the brand name is taken out. The brand's own web
 * and mail addresses (regalestatesgurgaon.com) hold it inside a word, which the pattern skips.
 */
export async function oldSpellings(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const hidden of body.querySelectorAll('script, style, noscript, template')) hidden.remove();
    const labels = [...document.querySelectorAll('[alt], [aria-label], [title], [placeholder]')].flatMap(
      (element) =>
        ['alt', 'aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, body.textContent ?? '', ...labels];
  });
  const brand = new RegExp(BRAND.replace(/\s+/g, '\\s*'), 'gi');
  return texts.flatMap((text) =>
    [...text.replace(brand, '').matchAll(/.{0,40}\bgurgaon\b.{0,40}/gi)].map((m) => m[0].trim()),
  );
}
