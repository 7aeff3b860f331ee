import { useLocation, useSearch } from 'wouter';
import { DUE_LABELS, filterFromSearch, searchFromFilter } from '../../data/staff';
import type { InboxFilter } from '../../schema/staff';
import { LeadFilters } from '../components/LeadFilters';
import { LeadTable } from '../components/LeadTable';
import { Notice } from '../components/Notice';
import { useLeads, useProjects } from '../queries/use-leads';
import { useMembers } from '../queries/use-members';
import { useNewCount } from '../queries/use-new-count';
import styles from './LeadsScreen.module.css';

/**
 * Every enquiry, newest first (or as sorted), under the filter in the address; new ones arrive by
 * themselves. The Due today and Overdue views are this screen under their filter.
 */
export function LeadsScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterFromSearch(search);
  const query = searchFromFilter(filter);
  const leads = useLeads(filter);
  const members = useMembers();
  const projects = useProjects();
  const rows = leads.data?.pages.flatMap((page) => page.leads);
  const fresh = useNewCount(rows, 'Leads');
  const setFilter = (next: InboxFilter) => {
    const text = searchFromFilter(next);
    navigate(text === '' ? '/leads' : `/leads?${text}`, { replace: true });
  };

  return (
    <section aria-labelledby="leads-title">
      <div className={styles.head}>
        <h1 id="leads-title">
          {filter.due === undefined ? 'Leads' : `Leads: follow-ups ${DUE_LABELS[filter.due].toLowerCase()}`}
        </h1>
        <p className={styles.exports}>
          <a href={`/staff/api/leads/export.csv${query ? `?${query}` : ''}`} download>
            Export CSV
          </a>
          <a href={`/staff/api/leads/export.xlsx${query ? `?${query}` : ''}`} download>
            Export Excel
          </a>
        </p>
      </div>
      <LeadFilters
        filter={filter}
        members={members.data ?? []}
        projects={(projects.data ?? []).map((each) => each.project)}
        onChange={setFilter}
      />
      {fresh.count > 0 ? (
        <p className={styles.fresh} role="status">
          {fresh.count} new {fresh.count === 1 ? 'enquiry' : 'enquiries'} since you opened the inbox.{' '}
          <button type="button" onClick={fresh.markSeen}>
            Mark as seen
          </button>
        </p>
      ) : null}
      {leads.isPending ? <Notice>Loading the leads…</Notice> : null}
      {leads.isError ? <Notice tone="error">{leads.error.message}</Notice> : null}
      {rows !== undefined ? (
        <>
          <p className={styles.total}>
            {leads.data?.pages[0]?.total ?? 0} {leads.data?.pages[0]?.total === 1 ? 'enquiry' : 'enquiries'}
          </p>
          <LeadTable leads={rows} isNew={fresh.isNew} />
        </>
      ) : null}
      {leads.hasNextPage ? (
        <button
          type="button"
          className={styles.more}
          onClick={() => void leads.fetchNextPage()}
          disabled={leads.isFetchingNextPage}
        >
          Show older enquiries
        </button>
      ) : null}
    </section>
  );
}
