/**
 * The sheets the site is built from. Imports no React: the pipeline and the
 * app share these schemas, and every data type is derived from them.
 */
import type { z } from 'zod';
import {
  AwardSchema,
  BuilderSchema,
  FeaturedSchema,
  HomePreRentedSchema,
  StatisticSchema,
  TeamMemberSchema,
  TestimonialSchema,
} from './content';
import { LocalitySchema } from './locality';
import { PreRentedSchema } from './pre-rented';
import { AmenitySchema, GalleryImageSchema, HighlightSchema, ProjectSchema } from './project';
import { SettingsSchema } from './settings';

export * from './bounds';
export * from './cells';
export * from './content';
export * from './locality';
export * from './pre-rented';
export * from './project';
export * from './settings';

/** A sheet of rows: one row per item, the header row names the columns. */
export interface TableSheet<S extends z.ZodObject = z.ZodObject> {
  readonly kind: 'table';
  readonly file: string;
  readonly schema: S;
  /** Column whose value must be unique within the sheet. */
  readonly key?: keyof z.input<S> & string;
}

/** A sheet of settings: columns "setting" and "value", one row per key. */
export interface SettingsSheet {
  readonly kind: 'settings';
  readonly file: string;
  readonly schema: typeof SettingsSchema;
}

const table = <S extends z.ZodObject>(
  file: string,
  schema: S,
  key?: keyof z.input<S> & string,
): TableSheet<S> => ({
  kind: 'table',
  file,
  schema,
  ...(key === undefined ? {} : { key }),
});

export const SHEETS = {
  settings: { kind: 'settings', file: 'settings.csv', schema: SettingsSchema } satisfies SettingsSheet,
  localities: table('localities.csv', LocalitySchema, 'route'),
  projects: table('projects.csv', ProjectSchema, 'slug'),
  highlights: table('project-highlights.csv', HighlightSchema),
  amenities: table('project-amenities.csv', AmenitySchema),
  gallery: table('project-gallery.csv', GalleryImageSchema),
  preRented: table('pre-rented.csv', PreRentedSchema),
  featured: table('featured.csv', FeaturedSchema, 'project'),
  homePreRented: table('home-pre-rented.csv', HomePreRentedSchema, 'tenant'),
  testimonials: table('testimonials.csv', TestimonialSchema),
  team: table('team.csv', TeamMemberSchema),
  awards: table('awards.csv', AwardSchema),
  builders: table('builders.csv', BuilderSchema, 'name'),
  statistics: table('statistics.csv', StatisticSchema, 'label'),
} as const;
