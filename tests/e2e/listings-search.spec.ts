import { expect, test } from './fixtures';
import {
  cardLinks,
  choose,
  EMPTY,
  grid,
  hrefsIn,
  open,
  projectsFor,
  rawHtml,
  recordsIn,
  site,
  must,
} from './listings-helpers';
import { formatMoney, formatPercent } from '../../src/data/format';
import { localityPath, PATHS, tenantPath } from '../../src/data/links';

const localities = [
  { route: null, name: 'All Listing' },
  ...site.localities.map(({ route, name }) => ({ route, name })),
];

for (const [path, type] of [
  [PATHS.underConstruction, 'Commercial'],
  [PATHS.residential, 'Residential'],
] as const) {
  test(`${path} shows the ${type.toLowerCase()} projects of each locality, or the empty message @phone`, async ({
    page,
  }) => {
    await open(page, path);
    const cards = grid(page, `${type} projects`);
    for (const locality of localities) {
      await choose(page, locality.name);
      const expected = projectsFor(type, locality.route).map((p) => p.path);
      await expect(page).toHaveURL(locality.route === null ? path : `${path}?locality=${locality.route}`);
      if (expected.length === 0) {
        await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
        await expect(cards).toHaveCount(0);
      } else {
        await expect(page.getByText(EMPTY, { exact: true })).toHaveCount(0);
        expect(await cardLinks(cards)).toEqual(expected);
      }
    }
  });
}

test('/preRentedList filters the records by exact locality, and All shows every record', async ({ page }) => {
  await open(page, PATHS.preRented);
  const cards = grid(page, 'Pre-rented properties');
  expect(await cardLinks(cards)).toEqual(site.preRented.map((r) => tenantPath(r.tenant)));
  for (const locality of [...localities.slice(1), must(localities[0], 'All Listing')]) {
    await choose(page, locality.name);
    const expected = recordsIn(locality.route).map((r) => tenantPath(r.tenant));
    if (expected.length === 0) await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    else await expect.poll(() => cardLinks(cards)).toEqual(expected);
    await expect(page.getByRole('status').first()).toContainText(`${expected.length} Propert`);
  }
  await expect(
    page.locator('#main').getByRole('link', { name: /Compare all pre-rented properties/ }),
  ).toHaveAttribute('href', PATHS.preRentedTable);
});

test('project listings filter by budget, kept in the address beside the locality @phone', async ({
  page,
}) => {
  let offered = 0;
  for (const [path, type] of [
    [PATHS.underConstruction, 'Commercial'],
    [PATHS.residential, 'Residential'],
  ] as const) {
    await open(page, path);
    const bounds = await page
      .locator('input[name="priceMax"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));
    offered += bounds.length;
    const bound = bounds[0];
    if (bound === undefined) continue;
    const label = await page.locator(`input[name="priceMax"][value="${bound}"]`).locator('..').textContent();
    await choose(page, must(label, 'the band label').trim());
    const within = projectsFor(type, null).filter(
      (p) => p.price_from !== null && p.price_from <= Number(bound),
    );
    expect(within.length).toBeLessThan(projectsFor(type, null).length);
    expect(await cardLinks(grid(page, `${type} projects`))).toEqual(within.map((p) => p.path));
    await expect(page).toHaveURL(`${path}?priceMax=${bound}`);
    const locality = must(site.localities[0], 'a locality');
    await choose(page, locality.name);
    await expect(page).toHaveURL(`${path}?locality=${locality.route}&priceMax=${bound}`);
    expect(await cardLinks(grid(page, `${type} projects`))).toEqual(
      within.filter((p) => p.localityRoute === locality.route).map((p) => p.path),
    );
    await choose(page, 'Any budget');
    await expect(page).toHaveURL(`${path}?locality=${locality.route}`);
  }
  expect(offered, 'some project listing offers a budget').toBeGreaterThan(0);
});

test('/preRentedList filters the records by monthly rent and gross yield @phone', async ({ page }) => {
  await open(page, PATHS.preRented);
  const cards = grid(page, 'Pre-rented properties');
  await choose(page, '7% or more');
  const yielding = site.preRented.filter((r) => r.grossYield !== null && r.grossYield >= 0.07);
  expect(yielding.length).toBeGreaterThan(0);
  await expect.poll(() => cardLinks(cards)).toEqual(yielding.map((r) => tenantPath(r.tenant)));
  await choose(page, 'Up to ₹2 L/month');
  await expect(page).toHaveURL(`${PATHS.preRented}?rentMax=200000&yieldMin=7`);
  await expect
    .poll(() => cardLinks(cards))
    .toEqual(yielding.filter((r) => r.rent <= 200000).map((r) => tenantPath(r.tenant)));
  await page.reload();
  await expect
    .poll(() => cardLinks(cards))
    .toEqual(yielding.filter((r) => r.rent <= 200000).map((r) => tenantPath(r.tenant)));
});

test('the chosen locality survives a reload and Back and Forward', async ({ page }) => {
  const first = must(site.localities[0], 'a locality');
  const second = must(site.localities[1], 'a second locality');
  await open(page, `${PATHS.preRented}?locality=${first.route}`);
  const cards = grid(page, 'Pre-rented properties');
  const expectShown = async (route: string | null) => {
    await expect
      .poll(() => cardLinks(cards), { timeout: 15_000 })
      .toEqual(recordsIn(route).map((r) => tenantPath(r.tenant)));
    const name = must(
      localities.find((l) => l.route === route),
      'the locality',
    ).name;
    await expect(page.getByRole('radio', { name, exact: true })).toBeChecked();
  };
  await expectShown(first.route);
  await choose(page, second.name);
  await expectShown(second.route);
  await page.reload();
  await expectShown(second.route);
  await page.goBack();
  await expect(page).toHaveURL(`${PATHS.preRented}?locality=${first.route}`);
  await expectShown(first.route);
  await page.goForward();
  await expectShown(second.route);
});

test('property type and status lead to the other listings, keeping the locality', async ({ page }) => {
  const route = must(site.localities[1], 'a second locality').route;
  await open(page, `${PATHS.underConstruction}?locality=${route}`);
  await expect(page.locator('#main').getByRole('link', { name: 'Residential', exact: true })).toHaveAttribute(
    'href',
    `${PATHS.residential}?locality=${route}`,
  );
  await expect(
    page.locator('#main').getByRole('link', { name: 'Pre-Rented / Ready to move' }),
  ).toHaveAttribute('href', `${PATHS.preRented}?locality=${route}`);
  await page.locator('#main').getByRole('link', { name: 'Pre-Rented / Ready to move' }).click();
  await expect(page).toHaveURL(`${PATHS.preRented}?locality=${route}`);
  await expect(
    page.getByRole('radio', { name: must(site.localities[1], 'a second locality').name, exact: true }),
  ).toBeChecked();
  await expect(page.locator('#main').getByRole('link', { name: 'Under Construction' })).toHaveAttribute(
    'href',
    `${PATHS.underConstruction}?locality=${route}`,
  );
});

test('without JavaScript the listings show every card and each locality links to its page', async ({
  page,
}) => {
  for (const [url, expected] of [
    [PATHS.underConstruction, projectsFor('Commercial', null).map((p) => p.path)],
    [PATHS.residential, projectsFor('Residential', null).map((p) => p.path)],
    [PATHS.preRented, site.preRented.map((r) => tenantPath(r.tenant))],
  ] as const) {
    const html = await rawHtml(page, url);
    const cards = html.slice(html.indexOf('role="status"'));
    const links = hrefsIn(cards).filter((href) => expected.includes(href as never));
    expect(links, url).toEqual(expected);
    for (const locality of site.localities)
      expect(hrefsIn(html), url).toContain(localityPath(locality.route));
    expect(html.includes('SEARCH PROPERTY AS PER YOUR PREFERENCE'), url).toBe(true);
  }
});

test('/newDevelopment toggles Commercial and Residential, kept in the address @phone', async ({ page }) => {
  const cards = (type: string) =>
    site.projects.filter((p) => p.new_development && p.type === type).map((p) => p.path);
  await open(page, PATHS.newDevelopment);
  expect(await cardLinks(grid(page, 'Commercial new developments'))).toEqual(cards('Commercial'));
  await page.getByRole('button', { name: 'Residential' }).click();
  await expect(page).toHaveURL('/newDevelopment?type=residential');
  expect(await cardLinks(grid(page, 'Residential new developments'))).toEqual(cards('Residential'));
  await expect(page.getByRole('button', { name: 'Residential' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect
    .poll(() => cardLinks(grid(page, 'Residential new developments')))
    .toEqual(cards('Residential'));
  await page.goBack();
  await expect.poll(() => cardLinks(grid(page, 'Commercial new developments'))).toEqual(cards('Commercial'));
  const html = await rawHtml(page, PATHS.newDevelopment);
  for (const path of [...cards('Commercial'), ...cards('Residential')]) expect(hrefsIn(html)).toContain(path);
});

test('every card shows the facts a buyer filters on from the sheets, and never a zero @phone', async ({
  page,
}) => {
  const checks = [
    [PATHS.underConstruction, 'Commercial projects', projectsFor('Commercial', null)],
    [PATHS.residential, 'Residential projects', projectsFor('Residential', null)],
  ] as const;
  for (const [path, name, projects] of checks) {
    await open(page, path);
    const cards = grid(page, name).locator('article');
    await expect(cards).toHaveCount(projects.length);
    for (const [i, project] of projects.entries()) {
      const card = cards.nth(i);
      if (project.price_from !== null)
        await expect(card).toContainText(`${formatMoney(project.price_from)} onwards`);
      if (project.configuration !== null) await expect(card).toContainText(project.configuration);
      await expect(card).toContainText(`${project.sector}, ${project.locality}`);
      if (project.possession !== null) await expect(card).toContainText(`Possession ${project.possession}`);
      await expect(card).toContainText(/RERA/);
      await expect(card).not.toContainText('₹0');
    }
  }
  await open(page, PATHS.preRented);
  const cards = grid(page, 'Pre-rented properties').locator('article');
  await expect(cards).toHaveCount(site.preRented.length);
  for (const [i, record] of site.preRented.entries()) {
    const card = cards.nth(i);
    await expect(card).toContainText(formatMoney(record.rent, { perMonth: true }));
    await expect(card).toContainText(
      record.asking_price === null || record.grossYield === null
        ? 'Price on request'
        : `${formatMoney(record.asking_price)} asking · ${formatPercent(record.grossYield)} gross yield`,
    );
  }
});

test.describe('filters on a phone', { tag: '@phone-only' }, () => {
  for (const path of [PATHS.underConstruction, PATHS.preRented]) {
    test(`${path}: folded behind a Filters control that shows the result count, cards on the first screen`, async ({
      page,
    }) => {
      await open(page, path);
      const control = page.locator('summary', { hasText: 'Filters' });
      await expect(control).toBeVisible();
      await expect(page.getByRole('radio', { name: 'All Listing', exact: true })).toBeHidden();
      const count = await page.getByRole('status').first().locator('strong').textContent();
      await expect(control).toContainText(count ?? '');
      await control.scrollIntoViewIfNeeded();
      const firstCard = page.locator('article').first();
      await expect(firstCard).toBeVisible();
      const box = await firstCard.boundingBox();
      const controlBox = await control.boundingBox();
      expect((box?.y ?? 1e6) - (controlBox?.y ?? 0)).toBeLessThan(844 - 200);
      await control.click();
      await expect(page.getByRole('radio', { name: 'All Listing', exact: true })).toBeVisible();
      await choose(page, site.localities[0]?.name ?? '');
      await expect(control).toContainText(/\d+ Propert/);
    });
  }
});

test('filters stay open on a desktop, with no Filters control', async ({ page }) => {
  await open(page, PATHS.underConstruction);
  await expect(page.locator('summary', { hasText: 'Filters' })).toBeHidden();
  await expect(page.getByRole('radio', { name: 'All Listing', exact: true })).toBeVisible();
});
