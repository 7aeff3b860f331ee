/**
 * Which data each page renders from, by the name of its component under
 * src/pages. The route table (`defineRoute`) and the page registry
 * (src/pages/registry.ts) are both typed by this map, so a route whose data is
 * not what its page takes, or a page the registry does not load, fails to
 * compile.
 */
import type { AboutData, AchievementsData, ContactData, NoData } from './company-data';
import type { HomeData } from './home-data';
import type {
  LocalityPageData,
  NewDevelopmentData,
  PreRentedListData,
  PreRentedTableData,
  ProjectSearchData,
  TenantPageData,
} from './listing-data';
import type { ProjectPageData } from './project-data';

export interface PageData {
  AboutUsPage: AboutData;
  AchievementsPage: AchievementsData;
  ClientAppointmentPage: NoData;
  ContactUsPage: ContactData;
  HomePage: HomeData;
  InteractiveMapPage: NoData;
  ListWithUsPage: NoData;
  LocalityPage: LocalityPageData;
  NewDevelopmentPage: NewDevelopmentData;
  NotFoundPage: NoData;
  OurPropertyPage: ProjectSearchData;
  PreRentedListPage: PreRentedListData;
  PreRentedTablePage: PreRentedTableData;
  PrivacyPolicyPage: NoData;
  ProjectPage: ProjectPageData;
  ResidentialPage: ProjectSearchData;
  TenantPage: TenantPageData;
  TermsPage: NoData;
  TestCodePage: NoData;
}

/** A page's name: its file under src/pages and its named export. */
export type PageName = keyof PageData;

export interface PageProps<D> {
  data: D;
}
