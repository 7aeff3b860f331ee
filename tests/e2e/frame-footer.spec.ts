import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { site } from './routes-data';
import { localityPath, PATHS } from '../../src/data/links';
import { indiaDay } from '../../src/forms/india-time';

/** The year, in India, that the pages were written: the build's, whatever year the tests run in. */
async function buildYear(): Promise<string> {
  const built = await stat(join(resolve(process.env.SITE_OUT ?? 'dist'), 'index.html'));
  return indiaDay(built.mtime).slice(0, 4);
}

test('the footer shows the settings sheet and every link in it resolves', async ({ page, request }) => {
  await page.goto(PATHS.listWithUs);
  const footer = page.locator('body > footer');
  const { settings } = site;
  for (const text of [settings.address, settings.licence_number, settings.description, settings.email]) {
    await expect(footer).toContainText(text);
  }
  await expect(footer).toContainText(`© ${await buildYear()} ${settings.brand_name}`);
  for (const title of ['OUR PROPERTY', 'SELLERS', 'COMPANY', 'LOCALITY']) {
    await expect(footer.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(footer.getByRole('navigation', { name: 'SELLERS' }).getByRole('link')).toHaveAttribute(
    'href',
    PATHS.listWithUs,
  );
  await expect(footer.getByRole('link', { name: settings.email })).toHaveAttribute(
    'href',
    `mailto:${settings.email}`,
  );
  for (const locality of site.localities) {
    await expect(
      footer.getByRole('link', { name: new RegExp(`^${locality.name} \\(${locality.count} `) }),
    ).toHaveAttribute('href', localityPath(locality.route));
  }

  for (const [network, url] of [
    ['Facebook', settings.facebook_url],
    ['YouTube', settings.youtube_url],
    ['LinkedIn', settings.linkedin_url],
    ['Instagram', settings.instagram_url],
  ] as const) {
    const link = footer.getByRole('link', { name: new RegExp(`on ${network}`) });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }

  const internal = await footer
    .locator('a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
  expect(internal).toEqual(expect.arrayContaining([PATHS.privacyPolicy, PATHS.terms, PATHS.listWithUs]));
  for (const href of internal) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});
