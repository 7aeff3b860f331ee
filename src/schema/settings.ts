import { z } from 'zod';
import {
  emailAddress,
  httpsUrl,
  httpsUrlOn,
  imagePath,
  optionalImagePath,
  paragraphs,
  siteAddress,
  text,
} from './cells';
import { PICTURE_SIZES } from './bounds';

/**
 * Site-wide details: phone, email, address, links and the About Us text, one
 * per row (columns: setting, value). Each key below is one row; its doc
 * comment is what that row means.
 */
export const SettingsSchema = z.object({
  /** Brokerage name as shown in the header, footer and search results. */
  brand_name: text(),
  /** Public web address of the whole site, https://… up to the domain name; every absolute link (sitemap, search engines, link previews) starts with it. */
  site_url: siteAddress(),
  /** Phone number with country code, as it is dialled: +91 98xxx xxxxx. */
  phone: text().refine((v) => /^\+\d[\d\s-]{7,18}$/.test(v), {
    message: 'Write the phone number with + and the country code, such as +91 98110 12345.',
    params: { code: 'number' },
  }),
  /** WhatsApp number, digits only with country code, e.g. 919811012345. */
  chat_number: text().refine((v) => /^\d{10,15}$/.test(v), {
    message: 'Write the WhatsApp number as digits only with the country code, such as 919811012345.',
    params: { code: 'number' },
  }),
  /** Email address for enquiries. */
  email: emailAddress(),
  /** Office address on one line. */
  address: text(),
  /** Regulator (HARERA) licence number of the brokerage, shown in the footer. */
  licence_number: text(),
  /** Web address of the regulator, shown next to every RERA number. */
  regulator_url: httpsUrl(),
  /** Short description of the firm for the footer and search engines. */
  description: text(),
  /** Facebook page address. */
  facebook_url: httpsUrlOn('facebook.com', 'https://www.facebook.com/example-estates'),
  /** YouTube channel address. */
  youtube_url: httpsUrlOn('youtube.com', 'https://www.youtube.com/@example-estates'),
  /** LinkedIn page address. */
  linkedin_url: httpsUrlOn('linkedin.com', 'https://www.linkedin.com/company/example-estates'),
  /** Instagram page address. */
  instagram_url: httpsUrlOn('instagram.com', 'https://www.instagram.com/example_estates'),
  /** Title of the About Us text, e.g. "Advice you can build on". */
  about_title: text(),
  /** The About Us text: who the firm is and what it has done; separate paragraphs with an empty line. Its headline figures are the "about" rows of statistics.csv. */
  about_text: paragraphs(),
  /** Founder's name for About Us. */
  founder_name: text(),
  /** Founder's title, e.g. "Founder & CEO". */
  founder_title: text(),
  /** A few words on the founder and how the firm works, under the founder's name on About Us; separate paragraphs with an empty line. */
  founder_text: paragraphs(),
  /** Founder's portrait, a file in sheets/images. */
  founder_photo: imagePath(PICTURE_SIZES.portrait),
  /** Owner's picture beside WHAT OUR CLIENTS SAY on the home page. */
  owner_photo: imagePath(PICTURE_SIZES.portrait),
  /** Poster picture of the home page video, a file in sheets/images. */
  home_video_poster: imagePath(),
  /** The firm's logo in the header and footer, a file in sheets/images (.svg best, drawn in dark ink on a clear background). Empty shows the brand name in letters. */
  logo: optionalImagePath(),
  /** Greeting prefilled in WhatsApp chats, before the property name. */
  chat_greeting: text(),
});
export type Settings = z.output<typeof SettingsSchema>;

/**
 * Settings the site no longer reads, and why: a sheet that still has the row (an old download, a
 * content repository kept apart from the code) builds as before, with a warning to delete it.
 */
export const RETIRED_SETTINGS: Readonly<Record<string, string>> = {
  copyright_year: 'the footer shows the year the site was built',
};
