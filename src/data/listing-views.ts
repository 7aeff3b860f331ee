/**
 * Views of listing pages kept in the address: Commercial or Residential
 * (?type=residential) and, on locality pages, the Pre-Rented / Under
 * Construction tab (?tab=under-construction). Defaults are left out of the
 * address, so the plain address is the pre-rendered default view.
 */
import type { LocalityTab, ProjectType } from './choices';
import { LOCALITY_TABS, PROJECT_TYPES } from './choices';

export type { LocalityTab, ProjectType };
export { LOCALITY_TABS, PROJECT_TYPES };

export interface LocalityView {
  type: ProjectType;
  tab: LocalityTab;
}

/** How a choice is written in the address: "under-construction", "residential". */
export function paramValue(choice: string): string {
  return choice.toLowerCase().replace(/\s+/g, '-');
}

const fromParam = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((c) => paramValue(c) === value) ?? fallback;

/** The project type an address asks for; Commercial unless it says otherwise. */
export function projectTypeFromParams(params: URLSearchParams): ProjectType {
  return fromParam(PROJECT_TYPES, params.get('type'), 'Commercial');
}

export function projectTypeToParams(type: ProjectType): URLSearchParams {
  return new URLSearchParams(type === 'Commercial' ? {} : { type: paramValue(type) });
}

/** The view an address asks for; missing or unknown values fall back to Commercial and the locality's default tab. */
export function localityViewFromParams(params: URLSearchParams, defaultTab: LocalityTab): LocalityView {
  return {
    type: projectTypeFromParams(params),
    tab: fromParam(LOCALITY_TABS, params.get('tab'), defaultTab),
  };
}

/** The address query of a view; defaults are left out so the plain address is the default view. */
export function localityViewToParams(view: LocalityView, defaultTab: LocalityTab): URLSearchParams {
  const params = projectTypeToParams(view.type);
  if (view.tab !== defaultTab) params.set('tab', paramValue(view.tab));
  return params;
}

/** What the page lists for a view. */
export type LocalityPanel<R, P> =
  | {
      kind: 'records';
      records: R[];
      /**
       * Whether the empty-category message goes above the cards: a locality with
       * no pre-rented pages of its own (Dwarka Expressway) has no pre-rented
       * listing, and its records show only as links to the tenants' pages.
       * With no records at all the grid itself says the category is empty.
       */
      emptyNotice: boolean;
    }
  | { kind: 'projects'; projects: P[] };

export function localityPanel<R, P>(
  view: LocalityView,
  data: {
    locality: { tenant_pages: boolean };
    records: R[];
    commercialProjects: P[];
    residentialProjects: P[];
  },
): LocalityPanel<R, P> {
  if (view.type === 'Residential') return { kind: 'projects', projects: data.residentialProjects };
  if (view.tab === 'Under Construction') return { kind: 'projects', projects: data.commercialProjects };
  return {
    kind: 'records',
    records: data.records,
    emptyNotice: !data.locality.tenant_pages && data.records.length > 0,
  };
}
