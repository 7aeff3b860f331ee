/**
 * The shape of the data the pipeline writes: sheet rows as converted by the
 * schemas, joined across sheets and completed with figures computed from them.
 * Rows marked hidden never get here: what is off the site is not in its data.
 */
import type {
  Amenity,
  Award,
  Builder,
  FeaturedListing,
  GalleryImage,
  Highlight,
  HomePreRentedCard,
  Locality,
  PreRentedRecord,
  Project,
  Settings,
  Statistic,
  TeamMember,
  Testimonial,
} from './index';

/** Pixel size and generated files of one picture from sheets/images. */
export interface ImageAsset {
  /** Path as written in the sheet, relative to sheets/images. */
  src: string;
  width: number;
  height: number;
  /** Public URL of the original (or a fallback JPEG/PNG) for og:image and <img src>. */
  url: string;
  /** Generated responsive versions, widest last. Empty for SVG. */
  variants: { format: 'avif' | 'webp'; width: number; url: string }[];
}

export type LocalityEntry = Omit<Locality, 'hidden'> & {
  /** Pre-rented records plus projects in this locality. */
  count: number;
};

export type ProjectEntry = Omit<Project, 'hidden'> & {
  /** Route of the locality page that lists the project, or null. */
  localityRoute: string | null;
  highlights: Highlight[];
  amenities: Amenity[];
  gallery: GalleryImage[];
  /** Canonical path of the project's page, percent-encoded (made from src/data/paths.ts), e.g. /feature/joyDistrict or /property. */
  path: string;
};

export type PreRentedEntry = Omit<PreRentedRecord, 'rent_per_sqft' | 'hidden'> & {
  /** Spreadsheet row the record came from; unique and stable while the sheet is unchanged. */
  row: number;
  /** Locality as shown (the locality's name when a spelling matched, else the cell text). */
  localityName: string | null;
  localityRoute: string | null;
  /** Rent per sq ft as typed, or rent ÷ total area when the cell was empty. */
  rent_per_sqft: number;
  rentPerSqftComputed: boolean;
  /** 12 × monthly rent ÷ asking price, when a price is given. */
  grossYield: number | null;
};

export interface SiteData {
  settings: Settings;
  localities: LocalityEntry[];
  projects: ProjectEntry[];
  preRented: PreRentedEntry[];
  /** Tenants with at least one record, in sheet order of first appearance. */
  tenants: string[];
  featured: (FeaturedListing & { image: string; name: string; path: string; rera: string | null })[];
  homePreRented: HomePreRentedCard[];
  testimonials: Testimonial[];
  team: TeamMember[];
  awards: Award[];
  builders: Builder[];
  statistics: Statistic[];
  /** Every picture named by a sheet, keyed by its path in the sheet. */
  images: Record<string, ImageAsset>;
  /** Last change of each sheet file (ISO date), for sitemap lastmod. */
  updated: Record<string, string>;
}
