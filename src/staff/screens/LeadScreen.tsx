import { Link, useParams } from 'wouter';
import { campaignOf, formatIndiaTime, formLabel, projectOf, SALES_EMAIL_LABELS } from '../../data/staff';
import { ContactLinks } from '../components/ContactLinks';
import { LeadNotes } from '../components/LeadNotes';
import { LeadWork } from '../components/LeadWork';
import { Notice } from '../components/Notice';
import { useLead } from '../queries/use-leads';
import styles from './LeadScreen.module.css';

/** What the visitor wrote, field by field, in the words the forms ask with. */
const FIELD_LABELS: Record<string, string> = {
  remark: 'Requirement',
  message: 'Message',
  appointmentDate: 'Visit on',
  budget: 'Budget (crore)',
  bhk: 'Bedrooms',
  user_years: 'Years of experience',
};

/** One lead in full: what they sent, where from, and the team's work on it. */
export function LeadScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const lead = useLead(id);
  if (lead.isPending) return <Notice>Loading the lead…</Notice>;
  if (lead.isError) return <Notice tone="error">{lead.error.message}</Notice>;
  const data = lead.data;
  const facts: [string, string][] = [
    ['Received', formatIndiaTime(data.receivedAt)],
    ['Phone', data.phone],
    ['Email', data.email],
    ['Project', projectOf(data) || '—'],
    ['Form', formLabel(data.form)],
    ['Page', data.page ?? '—'],
    ['Came from', data.referrer ?? '—'],
    ['Campaign', campaignOf(data) || '—'],
    ['Sales email', SALES_EMAIL_LABELS[data.salesEmail]],
    ...Object.entries(FIELD_LABELS).flatMap(([name, label]): [string, string][] => {
      const value = data.fields[name];
      return value === undefined ? [] : [[label, value]];
    }),
  ];
  return (
    <article className={styles.lead} aria-labelledby="lead-title">
      <p>
        <Link href="/leads">← All leads</Link>
      </p>
      <h1 id="lead-title">{data.name || 'No name given'}</h1>
      <ContactLinks lead={data} />
      <div className={styles.columns}>
        <dl className={styles.facts}>
          {facts.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.work}>
          <LeadWork lead={data} />
          <LeadNotes lead={data} />
        </div>
      </div>
    </article>
  );
}
