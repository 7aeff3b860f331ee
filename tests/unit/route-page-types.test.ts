/**
 * A route names its page by a key whose data type the compiler knows
 * (src/data/page-data/page-data.ts). `npm run check` type-checks this file:
 * each `@ts-expect-error` fails the check if the line below it compiles.
 */
import type { ComponentType } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { homeData } from '../../src/data/page-data/home-data';
import type { TenantPageData } from '../../src/data/page-data/listing-data';
import type { PageProps } from '../../src/data/page-data/page-data';
import { loadPage } from '../../src/pages/registry';
import { defineRoute } from '../../src/routes/route';
import { site } from './data-fixture';

const HOME = {
  id: 'home',
  paths: () => ['/'],
  load: homeData,
  meta: () => ({ title: 'Home', description: 'The home page.', canonical: '/' }),
};

describe('routes and pages are linked by type', () => {
  it('accepts a route whose page takes the data it loads', () => {
    const route = defineRoute({ ...HOME, page: 'HomePage' });
    expect(route.resolve(site(), '/')?.data).toEqual(homeData(site()));
  });

  it('rejects a route pointing at a page that takes other data, no data, or does not exist', () => {
    // @ts-expect-error TenantPage takes a tenant's records, not the home page's data.
    defineRoute({ ...HOME, page: 'TenantPage' });
    // @ts-expect-error ListWithUsPage takes no data at all.
    defineRoute({ ...HOME, page: 'ListWithUsPage' });
    // @ts-expect-error There is no page of that name.
    defineRoute({ ...HOME, page: 'HomPage' });
  });

  it('rejects a meta function written for another page', () => {
    defineRoute({
      ...HOME,
      page: 'HomePage',
      // @ts-expect-error The home page's data has no tenant.
      meta: (data) => ({ title: data.tenant, description: '', canonical: '/' }),
    });
  });

  it('gives each page component the props of its own data', () => {
    expectTypeOf(loadPage<'TenantPage'>).returns.resolves.toEqualTypeOf<
      ComponentType<PageProps<TenantPageData>>
    >();
  });
});
