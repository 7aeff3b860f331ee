import { describe, expect, it } from 'vitest';
import { budgetBands, passesBound, PRE_RENTED_BUDGETS, PROJECT_BUDGETS } from '../../src/data/budget';
import { must } from './data-fixture';

const projectBudget = must(PROJECT_BUDGETS[0], 'the project budget');
const [rentBudget, yieldBudget] = PRE_RENTED_BUDGETS;

describe('budget filters of the card listings', () => {
  it('offers a project budget only where it splits the priced projects', () => {
    const projects = [{ priceFrom: 1.5e7 }, { priceFrom: 4e7 }, { priceFrom: null }, { priceFrom: 2.2e8 }];
    expect(budgetBands(projectBudget, projects).map((band) => band.label)).toEqual([
      'Up to ₹2 Cr',
      'Up to ₹5 Cr',
      'Up to ₹10 Cr',
    ]);
    expect(budgetBands(projectBudget, [{ priceFrom: 4e7 }, { priceFrom: null }])).toEqual([]);
  });

  it('keeps a project whose lowest price is within the budget, never one without a price', () => {
    expect(passesBound(projectBudget, { priceFrom: 5e7 }, 5e7)).toBe(true);
    expect(passesBound(projectBudget, { priceFrom: 5.1e7 }, 5e7)).toBe(false);
    expect(passesBound(projectBudget, { priceFrom: null }, 5e7)).toBe(false);
    expect(passesBound(projectBudget, { priceFrom: null }, null)).toBe(true);
  });

  it('bounds a record’s rent from above and its yield, in per cent, from below', () => {
    const record = { rent: 2_08_439, grossYield: 0.0701 };
    expect(passesBound(must(rentBudget, 'rent'), record, 2e5)).toBe(false);
    expect(passesBound(must(rentBudget, 'rent'), record, 5e5)).toBe(true);
    expect(passesBound(must(yieldBudget, 'yield'), record, 7)).toBe(true);
    expect(passesBound(must(yieldBudget, 'yield'), record, 7.5)).toBe(false);
    expect(passesBound(must(yieldBudget, 'yield'), { rent: 1e5, grossYield: null }, 5)).toBe(false);
  });
});
