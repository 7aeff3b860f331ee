import { RadioGroup } from '../ui/RadioGroup';
import type { BudgetChoice } from './use-listing-filter';

interface BudgetControlsProps {
  budgets: readonly BudgetChoice[];
  /** Until the page's script runs they cannot filter, and are shown disabled. */
  hydrated: boolean;
  className?: string;
}

/** A listing's budget filters (budget, monthly rent, gross yield), one group of choices each. */
export function BudgetControls({ budgets, hydrated, className }: BudgetControlsProps) {
  return budgets.map((budget) => (
    <RadioGroup
      key={budget.name}
      legend={budget.legend}
      name={budget.name}
      options={[{ value: '', label: budget.anyLabel }, ...budget.options]}
      value={budget.value}
      onChange={budget.onChange}
      className={className}
      disabled={!hydrated}
    />
  ));
}
