import { aboutData, achievementsData, contactData, noData } from '../data/page-data/company-data';
import { PATHS } from '../data/links';
import { defineRoute } from './route';

export const companyRoutes = [
  defineRoute({
    id: 'about-us',
    paths: () => [PATHS.aboutUs],
    load: aboutData,
    meta: (_data, site) => ({
      title: 'About Us',
      description: `${site.settings.brand_name}: a founder-led Gurugram brokerage with over 13 years in luxury commercial and residential property.`,
      canonical: PATHS.aboutUs,
    }),
    page: 'AboutUsPage',
    nav: { label: 'About Us', menus: ['main', 'footer-company'], mobile: 4 },
  }),
  defineRoute({
    id: 'achievements',
    paths: () => [PATHS.achievements],
    load: achievementsData,
    meta: (data) => ({
      title: 'Achievements and Awards',
      description: `${data.awards.length} awards from Gurugram's leading developers for sales performance and partnership.`,
      canonical: PATHS.achievements,
      image: data.awards[0]?.image_1 ?? null,
    }),
    page: 'AchievementsPage',
    nav: { label: 'Achievements', menus: ['main', 'footer-company'], mobile: 5 },
  }),
  defineRoute({
    id: 'contact-us',
    paths: () => [PATHS.contactUs],
    load: contactData,
    meta: (_data, site) => ({
      title: 'Contact Us',
      description: `Call ${site.settings.phone}, write to ${site.settings.email} or visit us at ${site.settings.address}.`,
      canonical: PATHS.contactUs,
    }),
    page: 'ContactUsPage',
    nav: { label: 'Contact Us', menus: ['main', 'footer-company'], mobile: 6 },
  }),
  defineRoute({
    id: 'list-with-us',
    paths: () => [PATHS.listWithUs],
    load: noData,
    meta: () => ({
      title: 'List Your Property With Us',
      description:
        'Sell or lease your commercial or residential property in Gurugram: tell us about it and our team will call you back.',
      canonical: PATHS.listWithUs,
    }),
    page: 'ListWithUsPage',
    nav: { label: 'List With Us', menus: ['footer-sellers'], mobile: 9 },
  }),
  defineRoute({
    id: 'client-appointment',
    paths: () => [PATHS.clientAppointment],
    load: noData,
    meta: () => ({
      title: 'Book an Appointment',
      description:
        'Book a site visit or a meeting with our property advisors: choose a date, your budget and the home you are looking for.',
      canonical: PATHS.clientAppointment,
    }),
    page: 'ClientAppointmentPage',
    nav: { label: 'Book an Appointment', menus: ['footer-company'], mobile: 10 },
  }),
  defineRoute({
    id: 'interactive-map',
    paths: () => [PATHS.interactiveMap],
    load: noData,
    meta: () => ({
      title: 'Interactive Map: Coming Soon',
      description: 'An interactive map of our properties across Gurugram and Dwarka is coming soon.',
      canonical: PATHS.interactiveMap,
    }),
    page: 'InteractiveMapPage',
  }),
  defineRoute({
    id: 'privacy-policy',
    paths: () => [PATHS.privacyPolicy],
    load: noData,
    meta: (_data, site) => ({
      title: 'Privacy Policy',
      description: `How ${site.settings.brand_name} collects, uses, shares, keeps and protects the personal data you give us.`,
      canonical: PATHS.privacyPolicy,
    }),
    page: 'PrivacyPolicyPage',
    nav: { label: 'Privacy Policy', menus: ['footer-legal'] },
  }),
  defineRoute({
    id: 'terms',
    paths: () => [PATHS.terms],
    load: noData,
    meta: (_data, site) => ({
      title: 'Terms and Conditions',
      description: `The terms on which ${site.settings.brand_name} offers this website, governed by Indian law with courts at Gurugram, Haryana.`,
      canonical: PATHS.terms,
    }),
    page: 'TermsPage',
    nav: { label: 'Terms & Conditions', menus: ['footer-legal'] },
  }),
  defineRoute({
    id: 'testcode',
    paths: () => [PATHS.testCode],
    load: noData,
    meta: () => ({
      title: 'Enquiry Pop-up Test',
      description: 'A page for checking the enquiry pop-up.',
      canonical: PATHS.testCode,
      noindex: true,
    }),
    page: 'TestCodePage',
    hidden: true,
  }),
  defineRoute({
    id: 'not-found',
    paths: () => [PATHS.notFound],
    load: noData,
    meta: () => ({
      title: 'Page Not Found',
      description:
        'The page you asked for is not here. Find properties, localities and ways to reach us from here.',
      canonical: PATHS.notFound,
      noindex: true,
    }),
    page: 'NotFoundPage',
    hidden: true,
  }),
];
