import type { BandOption, BudgetFilter } from '../../data/budget';
import { BOUND_WORDS, boundFromParam, budgetBands, passesBound } from '../../data/budget';
import type { LocalityLink } from '../../data/localities';
import { inLocality, localityFromParam } from '../../data/localities';
import { useUrlParams } from './use-url-params';

/** One budget filter as the search panel draws it. */
export interface BudgetChoice {
  name: string;
  legend: string;
  anyLabel: string;
  options: BandOption[];
  /** The bound in force, as the address writes it; '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The budget filters of a listing as the address sets them (?priceMax=…, ?rentMax=…,
 * ?yieldMin=…): the bound of each, its choice for the panel (offered where its bands split these
 * items, or while a bound is set), and whether an item passes them all. `change` writes a new
 * bound into the address.
 */
export function budgetFilters<T>(
  items: readonly T[],
  budgets: readonly BudgetFilter<T>[],
  params: URLSearchParams,
  change: (name: string, value: string | null) => void,
) {
  const bounds = budgets.map((filter) => ({ filter, bound: boundFromParam(params.get(filter.param)) }));
  const choices: BudgetChoice[] = bounds.map(({ filter, bound }) => ({
    name: filter.param,
    ...BOUND_WORDS[filter.param],
    options: budgetBands(filter, items),
    value: bound === null ? '' : String(bound),
    onChange: (value) => change(filter.param, value),
  }));
  return {
    /** Each filter's bound as the address writes it, in the filters' order; null for none. */
    values: Object.fromEntries(
      bounds.map(({ filter, bound }) => [filter.param, bound === null ? null : String(bound)]),
    ) as Record<string, string | null>,
    choices: choices.filter((choice) => choice.options.length > 0 || choice.value !== ''),
    passes: (item: T) => bounds.every(({ filter, bound }) => passesBound(filter, item, bound)),
  };
}

/** An address query of these values in their order, leaving out the empty ones: one address per view. */
export function queryOf(
  values: Record<string, string | null>,
  base = new URLSearchParams(),
): URLSearchParams {
  for (const [name, value] of Object.entries(values))
    if (value !== null && value !== '') base.set(name, value);
  return base;
}

/**
 * The filters of a card listing, kept in the address: the locality (?locality={route}) and each
 * budget. Changing one keeps the others.
 */
export function useListingFilter<T extends { localityRoute: string | null }>(
  items: readonly T[],
  localities: readonly LocalityLink[],
  budgets: readonly BudgetFilter<T>[],
) {
  const [params, setParams] = useUrlParams();
  const locality = localityFromParam(params.get('locality'), localities);
  const change = (name: string, value: string | null) => setParams(queryOf({ ...current, [name]: value }));
  const filters = budgetFilters(items, budgets, params, change);
  // Written in one order (locality, then the budgets), so that a view has one address.
  const current: Record<string, string | null> = { locality, ...filters.values };
  return {
    locality,
    shown: inLocality(items, locality).filter(filters.passes),
    place: localities.find((l) => l.route === locality)?.name ?? null,
    setLocality: (route: string | null) => change('locality', route),
    budgets: filters.choices,
    carry: queryOf(current).toString(),
  };
}
