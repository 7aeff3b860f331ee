import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  cardLinks,
  choose,
  EMPTY,
  grid,
  hrefsIn,
  must,
  open,
  rawHtml,
  showFilters,
  site,
} from './listings-helpers';
import { localityPath, localityTenantPath, tenantPath } from '../../src/data/links';

const countLabel = (n: number) => `${n} ${n === 1 ? 'Property' : 'Properties'}`;
const toggle = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

function expected(route: string) {
  const locality = must(
    site.localities.find((l) => l.route === route),
    route,
  );
  const records = site.preRented.filter((r) => r.localityRoute === route);
  return {
    locality,
    records: records.map((r) =>
      locality.tenant_pages ? localityTenantPath(route, r.tenant) : tenantPath(r.tenant),
    ),
    commercial: site.projects
      .filter((p) => p.localityRoute === route && p.type === 'Commercial')
      .map((p) => p.path),
    residential: site.projects
      .filter((p) => p.localityRoute === route && p.type === 'Residential')
      .map((p) => p.path),
  };
}

async function expectPanel(page: Page, name: string, links: string[], notice = false) {
  if (links.length === 0) {
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    return;
  }
  await expect.poll(() => cardLinks(grid(page, name))).toEqual(links);
  await expect(page.getByText(EMPTY, { exact: true })).toHaveCount(notice ? 1 : 0);
}

for (const { route, name } of site.localities) {
  test(`${name}: each view lists its cards and OTHER PROPERTY counts every other locality`, async ({
    page,
  }) => {
    const want = expected(route);
    await open(page, localityPath(route));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText('FEATURED PROPERTY')).toBeVisible();

    const preRented = async () => {
      await expect(toggle(page, 'Pre-Rented')).toHaveAttribute('aria-pressed', 'true');
      await expectPanel(page, `Pre-rented properties in ${name}`, want.records, !want.locality.tenant_pages);
    };
    const underConstruction = async () => {
      await expect(toggle(page, 'Under Construction')).toHaveAttribute('aria-pressed', 'true');
      await expectPanel(page, `Projects in ${name}`, want.commercial);
    };
    if (want.locality.default_tab === 'Pre-Rented') await preRented();
    else await underConstruction();
    await toggle(page, 'Pre-Rented').click();
    await preRented();
    await toggle(page, 'Under Construction').click();
    await underConstruction();
    await toggle(page, 'Residential').click();
    await expect(toggle(page, 'Pre-Rented')).toHaveCount(0);
    await expectPanel(page, `Projects in ${name}`, want.residential);

    const others = page.getByRole('region', { name: 'OTHER PROPERTY' }).getByRole('link');
    const shownOthers = site.localities.filter((l) => l.route !== route);
    await expect(others).toHaveCount(shownOthers.length);
    for (const [index, other] of shownOthers.entries()) {
      await expect(others.nth(index)).toHaveAttribute('href', localityPath(other.route));
      await expect(others.nth(index)).toContainText(`${other.name}${countLabel(other.count)}`);
      const computed =
        site.preRented.filter((r) => r.localityRoute === other.route).length +
        site.projects.filter((p) => p.localityRoute === other.route).length;
      expect(other.count).toBe(computed);
    }
  });
}

test('the view lives in the address: reload and Back restore it @phone', async ({ page }) => {
  const locality = must(
    site.localities.find((l) => l.default_tab === 'Pre-Rented'),
    'a locality opening on Pre-Rented',
  );
  const want = expected(locality.route);
  await open(page, localityPath(locality.route));
  await showFilters(page);
  await toggle(page, 'Under Construction').click();
  await expect(page).toHaveURL(`${localityPath(locality.route)}?tab=under-construction`);
  await toggle(page, 'Residential').click();
  await expect(page).toHaveURL(`${localityPath(locality.route)}?type=residential&tab=under-construction`);
  await page.reload();
  await showFilters(page);
  await expect(toggle(page, 'Residential')).toHaveAttribute('aria-pressed', 'true');
  await expectPanel(page, `Projects in ${locality.name}`, want.residential);
  await page.goBack();
  await expect(toggle(page, 'Under Construction')).toHaveAttribute('aria-pressed', 'true');
  await expectPanel(page, `Projects in ${locality.name}`, want.commercial);
  await page.goBack();
  await expect(toggle(page, 'Pre-Rented')).toHaveAttribute('aria-pressed', 'true');
});

test('an alias address shows the same locality page', async ({ page }) => {
  const locality = must(
    site.localities.find((l) => l.route_aliases.length > 0),
    'a locality with an alias',
  );
  const html = await rawHtml(page, localityPath(locality.route_aliases[0] ?? ''));
  expect(html.includes(`>${locality.name}</h1>`), 'h1').toBe(true);
  expect(
    html.includes(`<link rel="canonical" href="${site.settings.site_url}/location/${locality.route}"`),
    'canonical',
  ).toBe(true);
});

test('without JavaScript a locality page shows its default view, the others below, and every count', async ({
  page,
}) => {
  for (const { route } of site.localities) {
    const want = expected(route);
    const html = await rawHtml(page, localityPath(route));
    const links = hrefsIn(html);
    for (const href of [...want.records, ...want.commercial, ...want.residential])
      expect(links, route).toContain(href);
    const start = html.indexOf('OTHER PROPERTY');
    const others = html.slice(start, html.indexOf('</section>', start));
    for (const other of site.localities) {
      if (other.route === route) expect(hrefsIn(others)).not.toContain(localityPath(route));
      else expect(others.replace(/<!-- -->/g, '')).toContain(`>${countLabel(other.count)}<`);
    }
    if (!want.locality.tenant_pages && want.records.length > 0)
      expect(html.includes(EMPTY), `${route} notice`).toBe(true);
  }
});

test('a locality page filters by budget as the other listings do, kept in the address beside the view @phone', async ({
  page,
}) => {
  const locality = must(
    site.localities.find(
      (l) =>
        l.default_tab === 'Pre-Rented' &&
        site.projects.filter((p) => p.localityRoute === l.route && p.type === 'Commercial').length > 1,
    ),
    'a locality opening on Pre-Rented with several commercial projects',
  );
  const path = localityPath(locality.route);
  const records = site.preRented.filter((r) => r.localityRoute === locality.route);
  await open(page, path);
  await choose(page, 'Up to ₹2 L/month');
  await expect(page).toHaveURL(`${path}?rentMax=200000`);
  const cheaper = records.filter((r) => r.rent <= 200_000);
  expect(cheaper.length).toBeGreaterThan(0);
  expect(cheaper.length).toBeLessThan(records.length);
  await expectPanel(
    page,
    `Pre-rented properties in ${locality.name}`,
    cheaper.map((r) => localityTenantPath(locality.route, r.tenant)),
  );
  await page.reload();
  await showFilters(page);
  await expect(page.getByRole('radio', { name: 'Up to ₹2 L/month', exact: true })).toBeChecked();

  // Another view lists other figures: its budget starts afresh, and filters its projects by price.
  await toggle(page, 'Under Construction').click();
  await expect(page).toHaveURL(`${path}?tab=under-construction`);
  const projects = site.projects.filter((p) => p.localityRoute === locality.route && p.type === 'Commercial');
  const bound = must(
    await page
      .locator('input[name="priceMax"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).find(Boolean)),
    'a budget band offered',
  );
  const band = page.locator(`input[name="priceMax"][value="${bound}"]`);
  await band.focus();
  await page.keyboard.press('Space');
  await expect(band).toBeChecked();
  await expect(page).toHaveURL(`${path}?tab=under-construction&priceMax=${bound}`);
  await expectPanel(
    page,
    `Projects in ${locality.name}`,
    projects.filter((p) => p.price_from !== null && p.price_from <= Number(bound)).map((p) => p.path),
  );
  await choose(page, 'Any budget');
  await expect(page).toHaveURL(`${path}?tab=under-construction`);
});
