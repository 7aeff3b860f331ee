/**
 * The console's Numbers screen, as the service computes it (server/staff/numbers.ts) and the
 * console reads it: the leads received in the last 12 weeks, counted several ways.
 */
import { z } from 'zod';

/** One bar of a chart: what it counts, and how many. */
const BarSchema = z.object({ label: z.string(), count: z.number().int() });
export type Bar = z.output<typeof BarSchema>;

export const NumbersSchema = z.object({
  /** The first day counted (a Monday, India time), YYYY-MM-DD. */
  since: z.string(),
  total: z.number().int(),
  /** Leads received each week, oldest first; each labelled by its Monday, YYYY-MM-DD. */
  weeks: z.array(BarSchema),
  /** By the form's data source and the campaign of the visit (utm_campaign). */
  sources: z.array(BarSchema),
  projects: z.array(BarSchema),
  /** By status, in the pipeline's order, each labelled by its status key. */
  statuses: z.array(BarSchema),
  owners: z.array(BarSchema),
  /**
   * Hours from a lead's arrival to the first thing a member did with it (moved it on from New,
   * or wrote a note): the median of each week's leads, and of all of them.
   */
  firstContact: z.object({
    medianHours: z.number().nullable(),
    contacted: z.number().int(),
    weeks: z.array(z.object({ label: z.string(), medianHours: z.number().nullable() })),
  }),
});
export type Numbers = z.output<typeof NumbersSchema>;
