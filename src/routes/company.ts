import { CONTACT_PATH } from '../data/links';
import type { SiteData } from '../schema/site';
import { defineRoute } from './route';

const contact = (site: SiteData) => ({
  testimonials: site.testimonials.filter((t) => t.page === 'contact'),
});
export type ContactData = ReturnType<typeof contact>;

const about = (site: SiteData) => ({
  founderName: site.settings.founder_name,
  founderTitle: site.settings.founder_title,
  founderPhoto: site.settings.founder_photo,
  team: site.team,
  testimonials: site.testimonials.filter((t) => t.page === 'about'),
});
export type AboutData = ReturnType<typeof about>;

const achievements = (site: SiteData) => ({ awards: site.awards });
export type AchievementsData = ReturnType<typeof achievements>;

/** Pages whose content is the same text for everyone: they need no data of their own. */
const none = () => ({});

export const companyRoutes = [
  defineRoute({
    id: 'about-us',
    paths: () => ['/aboutUs'],
    load: about,
    meta: (_data, site) => ({
      title: 'About Us',
      description: `${site.settings.brand_name}: a founder-led Gurugram brokerage with over 13 years in luxury commercial and residential property.`,
      canonical: '/aboutUs',
    }),
    page: 'AboutUsPage',
    nav: { label: 'About Us', menus: ['main', 'footer-company'], mobile: 4 },
  }),
  defineRoute({
    id: 'achievements',
    paths: () => ['/achievements'],
    load: achievements,
    meta: (data) => ({
      title: 'Achievements and Awards',
      description: `${data.awards.length} awards from Gurugram's leading developers for sales performance and partnership.`,
      canonical: '/achievements',
      image: data.awards[0]?.image_1 ?? null,
    }),
    page: 'AchievementsPage',
    nav: { label: 'Achievements', menus: ['main', 'footer-company'], mobile: 5 },
  }),
  defineRoute({
    id: 'contact-us',
    paths: () => [CONTACT_PATH],
    load: contact,
    meta: (_data, site) => ({
      title: 'Contact Us',
      description: `Call ${site.settings.phone}, write to ${site.settings.email} or visit us at ${site.settings.address}.`,
      canonical: CONTACT_PATH,
    }),
    page: 'ContactUsPage',
    nav: { label: 'Contact Us', menus: ['main', 'footer-company'], mobile: 6 },
  }),
  defineRoute({
    id: 'list-with-us',
    paths: () => ['/listWithUs'],
    load: none,
    meta: () => ({
      title: 'List Your Property With Us',
      description:
        'Sell or lease your commercial or residential property in Gurugram: tell us about it and our team will call you back.',
      canonical: '/listWithUs',
    }),
    page: 'ListWithUsPage',
    nav: { label: 'List With Us', menus: ['footer-sellers'], mobile: 9 },
  }),
  defineRoute({
    id: 'client-appointment',
    paths: () => ['/clientAppointment'],
    load: none,
    meta: () => ({
      title: 'Book an Appointment',
      description:
        'Book a site visit or a meeting with our property advisors: choose a date, your budget and the home you are looking for.',
      canonical: '/clientAppointment',
    }),
    page: 'ClientAppointmentPage',
    nav: { label: 'Book an Appointment', menus: ['footer-company'], mobile: 10 },
  }),
  defineRoute({
    id: 'interactive-map',
    paths: () => ['/interativeMap'],
    load: none,
    meta: () => ({
      title: 'Interactive Map: Coming Soon',
      description: 'An interactive map of our properties across Gurugram and Dwarka is coming soon.',
      canonical: '/interativeMap',
    }),
    page: 'InteractiveMapPage',
  }),
  defineRoute({
    id: 'privacy-policy',
    paths: () => ['/privacyPolicy'],
    load: none,
    meta: (_data, site) => ({
      title: 'Privacy Policy',
      description: `How ${site.settings.brand_name} collects, uses, shares, keeps and protects the personal data you give us.`,
      canonical: '/privacyPolicy',
    }),
    page: 'PrivacyPolicyPage',
    nav: { label: 'Privacy Policy', menus: ['footer-legal'] },
  }),
  defineRoute({
    id: 'terms',
    paths: () => ['/terms&Condition'],
    load: none,
    meta: (_data, site) => ({
      title: 'Terms and Conditions',
      description: `The terms on which ${site.settings.brand_name} offers this website, governed by Indian law with courts at Gurugram, Haryana.`,
      canonical: '/terms&Condition',
    }),
    page: 'TermsPage',
    nav: { label: 'Terms & Conditions', menus: ['footer-legal'] },
  }),
  defineRoute({
    id: 'testcode',
    paths: () => ['/testcode'],
    load: none,
    meta: () => ({
      title: 'Enquiry Pop-up Test',
      description: 'A page for checking the enquiry pop-up.',
      canonical: '/testcode',
      noindex: true,
    }),
    page: 'TestCodePage',
    hidden: true,
  }),
  defineRoute({
    id: 'not-found',
    paths: () => ['/404'],
    load: none,
    meta: () => ({
      title: 'Page Not Found',
      description:
        'The page you asked for is not here. Find properties, localities and ways to reach us from here.',
      canonical: '/404',
      noindex: true,
    }),
    page: 'NotFoundPage',
    hidden: true,
  }),
];
