import { z } from 'zod';
import {
  choice,
  imagePath,
  money,
  optionalChoice,
  optionalImagePath,
  optionalText,
  quantity,
  text,
} from './cells';
import { PICTURE_SIZES } from './bounds';

/** One row of featured.csv: one card of FEATURED LISTING on the home page, in order. */
export const FeaturedSchema = z.object({
  /** Slug of the project the card links to (from projects.csv). */
  project: text(),
  /** Asking price in rupees, e.g. ₹6,33,00,000 or 6.33 Cr; the same as the project's price_from in projects.csv when that is given (the check refuses another). */
  price: money('price'),
  /** Card picture; empty uses the project's hero image. */
  image: optionalImagePath(PICTURE_SIZES.card),
});
export type FeaturedListing = z.output<typeof FeaturedSchema>;

/** One row of home-pre-rented.csv: one PRE-RENTED PROPERTIES card on the home page, in order. */
export const HomePreRentedSchema = z.object({
  /** Tenant exactly as in pre-rented.csv; the card links to that tenant's page. */
  tenant: text(),
  /** Monthly rent shown on the card, in rupees. */
  rent: money('rent'),
  /** Card picture, a file in sheets/images. */
  image: imagePath(PICTURE_SIZES.card),
});
export type HomePreRentedCard = z.output<typeof HomePreRentedSchema>;

export const TESTIMONIAL_PAGES = ['home', 'about', 'contact'] as const;

/** One row of testimonials.csv: one client review. */
export const TestimonialSchema = z.object({
  /** Page that shows it: home, about or contact. */
  page: choice(TESTIMONIAL_PAGES),
  /** Reviewer's name as they agreed to be shown. */
  name: text(),
  /** Reviewer's town or what they bought (optional), e.g. "Investor, Delhi". */
  detail: optionalText(),
  /** The review text. */
  text: text(),
  /** Stars out of 5, e.g. 5. */
  rating: quantity('stars', '5').refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, {
    message: 'Write a whole number of stars from 1 to 5.',
    params: { code: 'number' },
  }),
});
export type Testimonial = z.output<typeof TestimonialSchema>;

/** One row of team.csv: one member of OUR TEAM on About Us, in order. */
export const TeamMemberSchema = z.object({
  /** Full name. */
  name: text(),
  /** Role, e.g. "Senior Sales Manager". */
  role: text(),
  /** Portrait, square, a file in sheets/images. */
  photo: imagePath(PICTURE_SIZES.portrait),
});
export type TeamMember = z.output<typeof TeamMemberSchema>;

/** One row of awards.csv: one award card on Achievements, in order. */
export const AwardSchema = z.object({
  /** Award title, e.g. "Star Performer 2024". */
  title: text(),
  /** Who gave it (a developer's name). */
  awarded_by: text(),
  /** Year, e.g. 2024. */
  year: quantity('year', '2024').refine((n) => Number.isInteger(n) && n >= 2000 && n <= 2100, {
    message: 'Write a year with four digits, such as 2024.',
    params: { code: 'number' },
  }),
  /** One or two sentences about the award. */
  text: text(),
  /** First picture of the pair, a file in sheets/images. */
  image_1: imagePath(PICTURE_SIZES.card),
  /** Second picture of the pair, a file in sheets/images. */
  image_2: imagePath(PICTURE_SIZES.card),
});
export type Award = z.output<typeof AwardSchema>;

/** One row of builders.csv: one logo of OUR DEVELOPER PORTFOLIO, in order. */
export const BuilderSchema = z.object({
  /** Developer's name, read aloud instead of the logo. */
  name: text(),
  /** Logo picture, a file in sheets/images; .svg is best, or a .png with a transparent background. */
  logo: imagePath(),
});
export type Builder = z.output<typeof BuilderSchema>;

export const STATISTIC_PAGES = ['home', 'about'] as const;

/** One row of statistics.csv: one headline figure of the firm. */
export const StatisticSchema = z.object({
  /** Where it shows: home (OUR NUMBERS, counting up) or about (beside the About Us text); empty means home. */
  page: optionalChoice(STATISTIC_PAGES).transform((page) => page ?? 'home'),
  /** What the figure counts, e.g. "Sales in volume". */
  label: text(),
  /** The number, e.g. 1500; on the home page the counter runs up to it. */
  value: quantity('', '1500'),
  /** Text written after the number, e.g. "Cr+", "+" or "B+" (a one-letter K, M or B sits against the number: 1.5B+). */
  suffix: optionalText(),
});
export type Statistic = z.output<typeof StatisticSchema>;
