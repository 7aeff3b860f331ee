import { Link } from 'wouter';
import {
  campaignOf,
  formatIndiaTime,
  formLabel,
  projectOf,
  SALES_EMAIL_LABELS,
  STATUS_LABELS,
} from '../../data/staff';
import type { LeadRow } from '../../schema/staff';
import { ContactLinks } from './ContactLinks';
import styles from './LeadTable.module.css';

interface Props {
  leads: readonly LeadRow[];
  isNew: (id: string) => boolean;
}

const pathOf = (page: string | null) => (page === null ? '' : new URL(page).pathname);

/** The inbox's rows: a table on a wide screen, a card per lead on a phone. */
export function LeadTable({ leads, isNew }: Props) {
  if (leads.length === 0) return <p className={styles.empty}>No enquiries match this filter.</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">Name</th>
          <th scope="col">Contact</th>
          <th scope="col">Project</th>
          <th scope="col">Form</th>
          <th scope="col">Page and campaign</th>
          <th scope="col">Sales email</th>
          <th scope="col">Status</th>
          <th scope="col">Owner</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className={isNew(lead.id) ? styles.fresh : undefined}>
            <td data-label="Received">
              <time dateTime={lead.receivedAt}>{formatIndiaTime(lead.receivedAt)}</time>
            </td>
            <td data-label="Name" className={styles.name}>
              <div>
                <Link href={`/leads/${lead.id}`}>{lead.name || 'No name given'}</Link>
                {isNew(lead.id) ? <span className={styles.badge}>New</span> : null}
              </div>
            </td>
            <td data-label="Contact">
              <div>
                <span className={styles.contact}>{lead.phone}</span>
                <span className={styles.contact}>{lead.email}</span>
                <ContactLinks lead={lead} />
              </div>
            </td>
            <td data-label="Project">{projectOf(lead) || '—'}</td>
            <td data-label="Form">{formLabel(lead.form)}</td>
            <td data-label="Page" className={styles.page}>
              <div>
                {pathOf(lead.page) || '—'}
                {campaignOf(lead) ? <span className={styles.campaign}>{campaignOf(lead)}</span> : null}
              </div>
            </td>
            <td data-label="Sales email">{SALES_EMAIL_LABELS[lead.salesEmail]}</td>
            <td data-label="Status">
              <span className={`${styles.status} ${styles[lead.status] ?? ''}`}>
                {STATUS_LABELS[lead.status]}
              </span>
            </td>
            <td data-label="Owner">{lead.ownerName ?? 'Nobody yet'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
