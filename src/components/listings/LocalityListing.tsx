import type { LocalityView } from '../../data/listing-views';
import {
  LOCALITY_TABS,
  localityPanel,
  localityViewFromParams,
  localityViewToParams,
} from '../../data/listing-views';
import type { LocalityPageData } from '../../data/page-data/listing-data';
import { FilterPanel } from '../ui/FilterPanel';
import { SegmentedToggle } from '../ui/SegmentedToggle';
import { Section } from '../ui/Section';
import { LocalityPanel } from './LocalityPanel';
import { TypeToggle } from './TypeToggle';
import { useHydrated } from '../layout/use-hydrated';
import { BudgetControls } from './BudgetControls';
import { queryOf } from './use-listing-filter';
import { localityBudgets } from './locality-budgets';
import { useUrlParams } from './use-url-params';
import styles from './LocalityListing.module.css';

const TAB_OPTIONS = LOCALITY_TABS.map((tab) => ({ value: tab, label: tab }));

/** Every view a page can show, so the page without JavaScript can list them all. */
const ALL_VIEWS: readonly LocalityView[] = [
  { type: 'Commercial', tab: 'Pre-Rented' },
  { type: 'Commercial', tab: 'Under Construction' },
  { type: 'Residential', tab: 'Pre-Rented' },
];

const viewTitle = (view: LocalityView) =>
  view.type === 'Residential' ? 'Residential' : `Commercial: ${view.tab}`;
const sameView = (a: LocalityView, b: LocalityView) =>
  a.type === b.type && (a.type === 'Residential' || a.tab === b.tab);

/**
 * Commercial (Pre-Rented / Under Construction) or Residential, kept in the
 * address (?type=residential, ?tab=…). The pre-rendered page shows the
 * locality's default view; without JavaScript the other views follow it.
 */
export function LocalityListing({ data }: { data: LocalityPageData }) {
  const [params, setParams] = useUrlParams();
  const hydrated = useHydrated();
  const defaultTab = data.locality.default_tab;
  const view = localityViewFromParams(params, defaultTab);
  // Another view lists other figures: its budgets start afresh.
  const show = (next: LocalityView) => setParams(localityViewToParams(next, defaultTab));
  const defaultView: LocalityView = { type: 'Commercial', tab: defaultTab };
  const { panel, budgets } = localityBudgets(localityPanel(view, data), params, (values) =>
    setParams(queryOf(values, localityViewToParams(view, defaultTab))),
  );
  return (
    <Section title={`Property in ${data.locality.name}`}>
      <p className={styles.description}>{data.locality.description}</p>
      <FilterPanel
        count={panel.kind === 'projects' ? panel.projects.length : panel.records.length}
        className={styles.toggles}
      >
        <TypeToggle value={view.type} showLabel onChange={(type) => show({ ...view, type })} />
        {view.type === 'Commercial' ? (
          <SegmentedToggle
            label="Property status"
            showLabel
            options={TAB_OPTIONS}
            value={view.tab}
            onChange={(tab) => show({ ...view, tab })}
          />
        ) : null}
        <BudgetControls budgets={budgets} hydrated={hydrated} className={styles.budget} />
      </FilterPanel>
      <LocalityPanel panel={panel} place={data.locality.name} />
      <noscript>
        {ALL_VIEWS.filter((v) => !sameView(v, defaultView)).map((other) => (
          <div key={viewTitle(other)} className={styles.more}>
            <h3>{viewTitle(other)}</h3>
            <LocalityPanel panel={localityPanel(other, data)} place={data.locality.name} headingLevel={4} />
          </div>
        ))}
      </noscript>
    </Section>
  );
}
