import type { ComponentType } from 'react';
import type { PageData, PageName, PageProps } from '../data/page-data/page-data';

type PageLoaders = {
  [K in PageName]: () => Promise<ComponentType<PageProps<PageData[K]>>>;
};

/**
 * Every page, by name, as its own chunk: a page loads only its own code. The
 * type makes a page missing here, or one that does not take its data, fail
 * to compile. In alphabetical order, as the files are listed: the build joins
 * the pages' styles in this order.
 */
const PAGES: PageLoaders = {
  AboutUsPage: () => import('./AboutUsPage').then((m) => m.AboutUsPage),
  AchievementsPage: () => import('./AchievementsPage').then((m) => m.AchievementsPage),
  ClientAppointmentPage: () => import('./ClientAppointmentPage').then((m) => m.ClientAppointmentPage),
  ContactUsPage: () => import('./ContactUsPage').then((m) => m.ContactUsPage),
  HomePage: () => import('./HomePage').then((m) => m.HomePage),
  InteractiveMapPage: () => import('./InteractiveMapPage').then((m) => m.InteractiveMapPage),
  ListWithUsPage: () => import('./ListWithUsPage').then((m) => m.ListWithUsPage),
  LocalityPage: () => import('./LocalityPage').then((m) => m.LocalityPage),
  NewDevelopmentPage: () => import('./NewDevelopmentPage').then((m) => m.NewDevelopmentPage),
  NotFoundPage: () => import('./NotFoundPage').then((m) => m.NotFoundPage),
  OurPropertyPage: () => import('./OurPropertyPage').then((m) => m.OurPropertyPage),
  PreRentedListPage: () => import('./PreRentedListPage').then((m) => m.PreRentedListPage),
  PreRentedTablePage: () => import('./PreRentedTablePage').then((m) => m.PreRentedTablePage),
  PrivacyPolicyPage: () => import('./PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
  ProjectPage: () => import('./ProjectPage').then((m) => m.ProjectPage),
  ResidentialPage: () => import('./ResidentialPage').then((m) => m.ResidentialPage),
  TenantPage: () => import('./TenantPage').then((m) => m.TenantPage),
  TermsPage: () => import('./TermsPage').then((m) => m.TermsPage),
  TestCodePage: () => import('./TestCodePage').then((m) => m.TestCodePage),
};

/**
 * The component of the page `name`. Called with a name read from a page's
 * payload, K is the union of every name and the component's props widen to
 * every page's data: the payload carries the name and data one route chose
 * together (`defineRoute`), so they match.
 */
export function loadPage<K extends PageName>(name: K): Promise<ComponentType<PageProps<PageData[K]>>> {
  return PAGES[name]();
}
