/**
 * Which row of a sheet is which, across versions of it: each sheet's key
 * columns. Two people's uploads are merged row by row and cell by cell on
 * these (server/publish/merge.ts), so a change to a row's other cells is a
 * change to the same row, and a change to a key column makes a new row.
 *
 * Rows that share their key cells (a project's highlights, one tenant's two
 * rows in a building) are told apart by their position among those rows: the
 * first highlight of `dom`, the second…
 */
import type { z } from 'zod';
import { SHEETS } from './index';

type KeyColumns<S> = S extends { kind: 'table'; schema: infer Schema extends z.ZodObject }
  ? readonly (keyof z.input<Schema> & string)[]
  : readonly ['setting'];

const ROW_IDENTITY: { readonly [Sheet in keyof typeof SHEETS]: KeyColumns<(typeof SHEETS)[Sheet]> } = {
  settings: ['setting'],
  localities: ['route'],
  projects: ['slug'],
  highlights: ['project'],
  amenities: ['project', 'label'],
  gallery: ['project', 'image'],
  preRented: ['tenant', 'building'],
  featured: ['project'],
  homePreRented: ['tenant'],
  testimonials: ['page', 'name'],
  team: ['name'],
  awards: ['title'],
  builders: ['name'],
  statistics: ['page', 'label'],
};

/** The key columns of a sheet file (pre-rented.csv → tenant, building); none for a file that is no sheet. */
export function keyColumns(file: string): readonly string[] {
  const entry = Object.entries(SHEETS).find(([, sheet]) => sheet.file === file);
  return entry === undefined ? [] : ROW_IDENTITY[entry[0] as keyof typeof SHEETS];
}
