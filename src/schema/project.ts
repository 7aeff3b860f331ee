import { z } from 'zod';
import {
  choice,
  imagePath,
  optionalChoice,
  optionalEmbedUrl,
  optionalImagePath,
  optionalMoney,
  optionalText,
  pageKey,
  pageKeyList,
  paragraphs,
  text,
  yesNo,
} from './cells';
import { PICTURE_SIZES } from './bounds';

export const PROJECT_TYPES = ['Commercial', 'Residential'] as const;
export const PROJECT_PAGES = ['feature', 'property'] as const;
export const PROJECT_FORMS = ['none', 'lead', 'contact'] as const;
export const PROJECT_STATUSES = ['New Launch', 'Under Construction', 'Ready to Move'] as const;

/** The registration number a RERA cell holds: none while it says the number is coming. */
function registrationNumber(rera: string | null): string | null {
  return rera === null || /coming soon/i.test(rera) ? null : rera;
}

/**
 * The facts cell "Land area: 50.4 acres; Seats: 30,000" as label/value pairs,
 * in sheet order. An item without a "label:" in front keeps its whole text as
 * the value, with a null label, rather than being dropped.
 */
function parseFacts(facts: string | null): { label: string | null; value: string }[] {
  if (facts === null) return [];
  return facts
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const colon = item.indexOf(':');
      const label = colon > 0 ? item.slice(0, colon).trim() : '';
      const value = colon > 0 ? item.slice(colon + 1).trim() : item;
      return label !== '' && value !== '' ? { label, value } : { label: null, value: item };
    });
}

/** One row of projects.csv: one project page. */
export const ProjectSchema = z.object({
  /** Short name used in the page address: /feature/{slug}, e.g. joyDistrict; follows the page-key rule (sheets/README.md). Never change it once the page is live, or old links break. */
  slug: pageKey(),
  /** Project name as shown on cards and the page, e.g. "M3M Joy District". */
  name: text(),
  /** Other addresses that show this same page, separated by ";" (e.g. "edition" for Smartworld). */
  aliases: pageKeyList(),
  /** Which section of the site the page lives under: "feature" (/feature/slug) or "property" (/property and /property/slug). */
  page: choice(PROJECT_PAGES),
  /** Commercial or Residential. */
  type: choice(PROJECT_TYPES),
  /** Kind of development in a few words, e.g. "Retail shops and offices". */
  category: text(),
  /** Sector as written on the page, e.g. "Sector 88". */
  sector: text(),
  /** City, e.g. "Gurugram". */
  city: text(),
  /** Locality name or one of its spellings from localities.csv; decides which locality page lists it. */
  locality: text(),
  /** RERA registration number, or "Coming Soon"; empty shows "RERA: Coming Soon" too, since every project page has a RERA line. */
  rera: optionalText().transform(registrationNumber),
  /** Developer (builder) of the project as shown in its key facts, e.g. "AIPL". Empty shows nothing. */
  developer: optionalText(),
  /** Stage of construction: "New Launch", "Under Construction" or "Ready to Move". Empty shows nothing. */
  status: optionalChoice(PROJECT_STATUSES),
  /** When buyers get the keys, as written on the page, e.g. "December 2027" or "Ready". Empty shows nothing. */
  possession: optionalText(),
  /** What is on sale, sizes included, e.g. "3 & 4 BHK, 2,000–3,500 sq ft" or "Shops from 250 sq ft". Empty shows nothing. */
  configuration: optionalText(),
  /** Lowest asking price in rupees, shown as "₹2.07 Cr onwards" on cards and the page, e.g. 2.07 Cr. Empty shows no price. */
  price_from: optionalMoney('price'),
  /** About the Project text; separate paragraphs with an empty line. */
  description: paragraphs(),
  /** Facts shown as a list, "label: value" pairs separated by ";", e.g. "Land area: 50.4 acres; Seats: 30,000". */
  facts: optionalText().transform(parseFacts),
  /** Large picture at the top of the page and on cards, a file in sheets/images. */
  hero_image: imagePath(PICTURE_SIZES.hero),
  /** Static location map picture, a file in sheets/images. */
  map_image: optionalImagePath(),
  /** Google Maps embed address (https://www.google.com/maps/embed?...), loaded only when a visitor asks. In Google Maps choose Share › Embed a map › Copy HTML and paste the whole code. */
  map_embed: optionalEmbedUrl('map'),
  /** YouTube embed address (https://www.youtube-nocookie.com/embed/...), loaded only when a visitor presses play. Paste the YouTube link, or the code of Share › Embed. */
  video_embed: optionalEmbedUrl('video'),
  /** Still picture shown before the video plays; needed when there is a video. */
  video_still: optionalImagePath(),
  /** Listed on the New Development page: yes or no. */
  new_development: yesNo(),
  /** Listed in the property search of /ourProperty (commercial) or /residential: yes or no. A project in featured.csv is listed there whatever this says. */
  in_search: yesNo(),
  /**
   * Form on the page; every project page ends with an enquiry form naming the project. "none": the
   * lead form at the end; "lead": the lead form at the top instead (as Paras Floret) and the contact
   * form at the end; "contact": the contact form at the end (as the Sector 66 project).
   */
  form: choice(PROJECT_FORMS),
  /** "yes" takes the project off the site (its page, cards, listings and counts) while its rows here and in the project sheets stay for later; empty means no. */
  hidden: yesNo(),
});
export type Project = z.output<typeof ProjectSchema>;
/** One line of a project's facts list. */
export type ProjectFact = Project['facts'][number];

/** One row of project-highlights.csv: one highlight of a project, in page order. */
export const HighlightSchema = z.object({
  /** Slug of the project (from projects.csv) this highlight belongs to. */
  project: text(),
  /** The highlight in one sentence. */
  text: text(),
  /** Optional picture shown with the highlight, a file in sheets/images. */
  image: optionalImagePath(),
});
export type Highlight = z.output<typeof HighlightSchema>;

export const AMENITY_ICONS = [
  'lobby',
  'store',
  'elevator',
  'landscape',
  'parking',
  'gas',
  'power',
  'security',
  'seating',
  'pool',
  'water',
  'fountain',
  'amphitheatre',
  'barbecue',
  'beach',
  'jogging',
  'kids',
  'gym',
  'skate',
  'yoga',
  'cctv',
  'atm',
  'valet',
  'accessible',
  'escalator',
  'clubhouse',
  'wifi',
  'cafe',
  'sports',
  'garden',
  'spa',
  'theatre',
] as const;

/** One row of project-amenities.csv: one amenity of a project, in page order. */
export const AmenitySchema = z.object({
  /** Slug of the project (from projects.csv). */
  project: text(),
  /** Amenity as shown under its icon, e.g. "Swimming Pool". */
  label: text(),
  /** Icon name from the list in sheets/README.md, e.g. pool. */
  icon: choice(AMENITY_ICONS),
});
export type Amenity = z.output<typeof AmenitySchema>;

/** One row of project-gallery.csv: one gallery picture of a project, in slide order. */
export const GalleryImageSchema = z.object({
  /** Slug of the project (from projects.csv). */
  project: text(),
  /** Picture file in sheets/images. */
  image: imagePath(PICTURE_SIZES.hero),
  /** What the picture shows, read aloud to blind visitors and used by search engines, e.g. "Tower facade at dusk". */
  alt: text(),
});
export type GalleryImage = z.output<typeof GalleryImageSchema>;
