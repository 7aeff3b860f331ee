import { z } from 'zod';
import { choice, imagePath, optionalText, pageKey, pageKeyList, text, yesNo } from './cells';
import { PICTURE_SIZES } from './bounds';

export const LOCALITY_TABS = ['Pre-Rented', 'Under Construction'] as const;

/** One row of localities.csv: one locality with its own page under /location/. */
export const LocalitySchema = z.object({
  /** Name of the locality page in the address: /location/{route}, e.g. golfCourseRoad; follows the page-key rule (sheets/README.md). Never change it once the page is live, or old links break. */
  route: pageKey(),
  /** Other addresses that show the same page, separated by ";", e.g. golfCourseExtension. */
  route_aliases: pageKeyList(),
  /** Name shown to visitors, e.g. "Golf Course Road". Records and projects name their locality this way. */
  name: text(),
  /** Other spellings used in the other sheets, separated by ";", e.g. "Dwarka, Delhi". */
  spellings: optionalText().transform((v) => (v === null ? [] : v.split(/\s*;\s*/).filter(Boolean))),
  /** Whether the locality has a page per tenant: /location/{route}/{tenant}. */
  tenant_pages: yesNo(),
  /** Tab open when the page loads: "Pre-Rented" or "Under Construction". */
  default_tab: choice(LOCALITY_TABS),
  /** One or two sentences about the locality for its page and search engines. */
  description: text(),
  /** Hero picture, a file in sheets/images. */
  image: imagePath(PICTURE_SIZES.hero),
  /** "yes" takes the locality's page off the site (and out of menus and lists) without deleting the row; projects and records naming it stay, on no locality page. Empty means no. */
  hidden: yesNo(),
});
export type Locality = z.output<typeof LocalitySchema>;
