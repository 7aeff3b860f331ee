/** The validated sheets of a site, keyed as in the `SHEETS` registry. */
import type { z } from 'zod';
import { SHEETS } from '../../src/schema';
import type { SettingsResult } from './validate-settings';
import type { SheetRow, TableResult } from './validate-table';

export type TableName = Exclude<keyof typeof SHEETS, 'settings'>;

/** The table sheets in registry order. */
export const TABLE_NAMES = (Object.keys(SHEETS) as (keyof typeof SHEETS)[]).filter(
  (name): name is TableName => name !== 'settings',
);

export type RowOf<K extends TableName> = z.output<(typeof SHEETS)[K]['schema']>;

export type Tables = { readonly [K in TableName]: TableResult<RowOf<K>> };

export interface ValidatedSheets {
  readonly settings: SettingsResult;
  readonly tables: Tables;
}

/**
 * The text of a column in every row, whether or not it converted (a key that
 * failed its own check must not also fail every reference to it), mapped to the
 * first row holding it.
 */
export function columnTexts<T>(result: TableResult<T>, field: string): Map<string, SheetRow<T>> {
  const texts = new Map<string, SheetRow<T>>();
  for (const row of result.rows) {
    const value = (row.data as Record<string, unknown>)[field];
    const text = typeof value === 'string' ? value : (row.failed?.[field]?.trim() ?? '');
    if (text !== '' && !texts.has(text)) texts.set(text, row);
  }
  return texts;
}
