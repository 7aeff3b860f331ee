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
 * The filters of a card listing, kept in the address: the locality (?locality={route}) and each
 * budget (?priceMax=…, ?rentMax=…, ?yieldMin=…). Changing one keeps the others.
 */
export function useListingFilter<T extends { localityRoute: string | null }>(
  items: readonly T[],
  localities: readonly LocalityLink[],
  budgets: readonly BudgetFilter<T>[],
) {
  const [params, setParams] = useUrlParams();
  const locality = localityFromParam(params.get('locality'), localities);
  const bounds = budgets.map((filter) => ({ filter, bound: boundFromParam(params.get(filter.param)) }));
  const current: Record<string, string | null> = { locality };
  for (const { filter, bound } of bounds) current[filter.param] = bound === null ? null : String(bound);
  // Written in one order (locality, then the budgets), so that a view has one address.
  const query = (values: Record<string, string | null>) =>
    new URLSearchParams(
      Object.entries(values).flatMap(([name, value]) =>
        value === null || value === '' ? [] : [[name, value]],
      ),
    );
  const change = (name: string, value: string | null) => setParams(query({ ...current, [name]: value }));
  const choices: BudgetChoice[] = bounds.map(({ filter, bound }) => ({
    name: filter.param,
    ...BOUND_WORDS[filter.param],
    options: budgetBands(filter, items),
    value: bound === null ? '' : String(bound),
    onChange: (value) => change(filter.param, value),
  }));
  return {
    locality,
    shown: inLocality(items, locality).filter((item) =>
      bounds.every(({ filter, bound }) => passesBound(filter, item, bound)),
    ),
    place: localities.find((l) => l.route === locality)?.name ?? null,
    setLocality: (route: string | null) => change('locality', route),
    budgets: choices.filter((choice) => choice.options.length > 0 || choice.value !== ''),
    carry: query(current).toString(),
  };
}
