import { Link } from 'wouter';
import {
  campaignOf,
  formatDay,
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

/**
 * The inbox's rows: a table on a wide screen; on a phone a compact card per lead (name, status,
 * what they asked for, project, follow-up, owner, and Call and WhatsApp a tap away), three or
 * more to a screen.
 */
export function LeadTable({ leads, isNew }: Props) {
  if (leads.length === 0) return <p className={styles.empty}>No enquiries match this filter.</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">Name and requirement</th>
          <th scope="col">Contact</th>
          <th scope="col">Project</th>
          <th scope="col">Status</th>
          <th scope="col">Owner</th>
          <th scope="col">Follow-up</th>
          <th scope="col">Form, page and campaign</th>
          <th scope="col">Sales email</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className={isNew(lead.id) ? styles.fresh : undefined}>
            <td data-label="Received" className={styles.received}>
              <time dateTime={lead.receivedAt}>{formatIndiaTime(lead.receivedAt)}</time>
            </td>
            <td data-label="Name" className={styles.name}>
              <Link href={`/leads/${lead.id}`}>{lead.name || 'No name given'}</Link>
              {isNew(lead.id) ? <span className={styles.badge}>New</span> : null}
              {lead.requirement === '' ? null : <p className={styles.requirement}>{lead.requirement}</p>}
            </td>
            <td data-label="Contact" className={styles.contact}>
              <span className={styles.phone}>{lead.phone}</span>
              <span className={styles.email}>{lead.email}</span>
              <ContactLinks lead={lead} />
            </td>
            <td data-label="Project" className={styles.project}>
              {projectOf(lead) || '—'}
            </td>
            <td data-label="Status" className={styles.state}>
              <span className={`${styles.status} ${styles[lead.status] ?? ''}`}>
                {STATUS_LABELS[lead.status]}
              </span>
            </td>
            <td data-label="Owner" className={styles.owner}>
              {lead.ownerName ?? 'Nobody yet'}
            </td>
            <td data-label="Follow-up" className={styles.followUp}>
              {lead.followUp === null ? (
                '—'
              ) : (
                <time dateTime={lead.followUp}>{formatDay(lead.followUp)}</time>
              )}
            </td>
            <td data-label="Source" className={styles.source}>
              {formLabel(lead.form)}
              <span className={styles.path}>{pathOf(lead.page) || '—'}</span>
              {campaignOf(lead) ? <span className={styles.campaign}>{campaignOf(lead)}</span> : null}
            </td>
            <td data-label="Sales email" className={styles.salesEmail}>
              {SALES_EMAIL_LABELS[lead.salesEmail]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
