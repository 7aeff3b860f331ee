import { PRE_RENTED_BUDGETS, PROJECT_BUDGETS } from '../../data/budget';
import type { LocalityPanel } from '../../data/listing-views';
import type { PreRentedCard } from '../../data/pre-rented';
import type { ProjectCard } from '../../data/projects';
import type { BudgetChoice } from './use-listing-filter';
import { budgetFilters } from './use-listing-filter';

type Panel = LocalityPanel<PreRentedCard, ProjectCard>;

/**
 * The budget filters of a locality page's view, as on the other listings: a budget for
 * projects, monthly rent and gross yield for pre-rented property. Returns the view's cards
 * within the bounds the address sets, and the choices; `write` puts the budgets' values in the
 * address beside the view's own.
 */
export function localityBudgets(
  panel: Panel,
  params: URLSearchParams,
  write: (values: Record<string, string | null>) => void,
): { panel: Panel; budgets: readonly BudgetChoice[] } {
  if (panel.kind === 'projects') {
    const filters = budgetFilters(panel.projects, PROJECT_BUDGETS, params, (name, value) =>
      write({ ...filters.values, [name]: value }),
    );
    return { panel: { ...panel, projects: panel.projects.filter(filters.passes) }, budgets: filters.choices };
  }
  const filters = budgetFilters(panel.records, PRE_RENTED_BUDGETS, params, (name, value) =>
    write({ ...filters.values, [name]: value }),
  );
  return { panel: { ...panel, records: panel.records.filter(filters.passes) }, budgets: filters.choices };
}
