/**
 * The pages' formatting of money, areas and figures. Written in src/schema/format.ts, below both
 * the pages and the sheet checks, so that a sheet's message writes an amount as the page shows
 * it ("₹3.12 L"): one formatter for both.
 */
export * from '../schema/format';
