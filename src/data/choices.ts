/**
 * The choices of a sheet column, for code that runs in the browser. The schemas
 * hold these lists too, but importing a schema would bring zod into the page's
 * script; the compiler checks each list here names every choice of its column.
 */
import type { Locality } from '../schema/locality';
import type { PreRentedRecord } from '../schema/pre-rented';
import type { Project } from '../schema/project';

type Complete<T extends string, L extends readonly T[]> = [T] extends [L[number]] ? L : never;

const allOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: Complete<T, L>): L =>
    list;

export type ProjectType = Project['type'];
export type LocalityTab = Locality['default_tab'];
export type PropertyType = PreRentedRecord['property_type'];

export const PROJECT_TYPES = allOf<ProjectType>()(['Commercial', 'Residential']);
export const LOCALITY_TABS = allOf<LocalityTab>()(['Pre-Rented', 'Under Construction']);
export const PROPERTY_TYPES = allOf<PropertyType>()(['Office', 'Retail', 'Bank']);
