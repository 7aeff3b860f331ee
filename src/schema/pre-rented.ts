import { z } from 'zod';
import {
  choice,
  imagePath,
  money,
  optionalMoney,
  optionalQuantity,
  optionalText,
  quantity,
  quantityList,
  text,
  pageKey,
  yesNo,
} from './cells';
import { PICTURE_SIZES } from './bounds';

export const PROPERTY_TYPES = ['Office', 'Retail', 'Bank'] as const;

/** One row of pre-rented.csv: one leased unit offered to investors. */
export const PreRentedSchema = z.object({
  /** Tenant brand exactly as it should appear, e.g. "SBI Bank". Rows with the same tenant share one page: /preRentedList/{tenant}, so it follows the page-key rule (sheets/README.md). */
  tenant: pageKey(),
  /** Building or project the unit is in, e.g. "Vatika Business Park". */
  building: text(),
  /** Locality name or one of its spellings from localities.csv; may be empty or a place without a page (NH8, Old Delhi). */
  locality: optionalText(),
  /** Office, Retail or Bank. */
  property_type: choice(PROPERTY_TYPES),
  /** Total area of the unit in sq ft, e.g. 4500. */
  total_area: quantity('sq ft', '4500'),
  /** Areas still available in sq ft; several separated by "/", e.g. 1500/3000. Empty or "-" if none. */
  available_area: quantityList('sq ft', '1500/3000'),
  /** Lease term in years, e.g. 9. */
  lease_years: quantity('years', '9'),
  /** Lock-in period in years, e.g. 3; "-" if none. */
  lock_in_years: optionalQuantity('years', '3'),
  /** Monthly rent in rupees, e.g. ₹2,08,439 or 2.08 Lakh. */
  rent: money('rent'),
  /** Monthly rent per sq ft in rupees; leave empty to have it computed from rent ÷ total area. */
  rent_per_sqft: optionalQuantity('rupees per sq ft', '46.3'),
  /** Security deposit in months of rent, e.g. 6; "-" if none. */
  security_deposit_months: optionalQuantity('months', '6'),
  /** Rent escalation as agreed, e.g. "15% every 3 years" or "5% every year"; "-" if none. */
  escalation: optionalText().transform((v) => (v === null || v === '-' ? null : v)),
  /** Asking price of the unit in rupees (optional); when given, the table shows its gross yield. */
  asking_price: optionalMoney('price'),
  /** Picture of the property, a file in sheets/images. */
  image: imagePath(PICTURE_SIZES.card),
  /** "yes" takes the record off the site (the table, its tenant's and locality's pages, counts) without deleting the row; empty means no. */
  hidden: yesNo(),
});
export type PreRentedRecord = z.output<typeof PreRentedSchema>;
