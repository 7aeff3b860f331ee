import {
  formatAreas,
  formatArea,
  formatMonths,
  formatPercent,
  formatMoney,
  formatRate,
  formatYears,
  moneyParts,
  NONE,
  orNone,
} from '../../data/format';
import type { TenantPageData } from '../../data/page-data/listing-data';
import { Icon } from '../ui/Icon';
import { Picture } from '../ui/Picture';
import styles from './TenantRecordCard.module.css';

type TenantRecord = TenantPageData['records'][number];

const SIZES = '(min-width: 900px) 460px, 100vw';

export interface TenantRecordCardProps {
  record: TenantRecord;
  /** The page's enquiry form. */
  formHref: string;
  /** Makes this property the subject of the form, as Request a call back leads there. */
  onEnquire: () => void;
}

/**
 * One leased property with every term of its lease. ENQUIRE NOW opens WhatsApp with the
 * pre-rented enquiry text naming the property (spec 2.11); Request a call back leads to the
 * page's form, which stores the enquiry as a lead naming it.
 */
export function TenantRecordCard({ record, formHref, onEnquire }: TenantRecordCardProps) {
  const facts: [string, string][] = [
    ['Building', record.building],
    ['Location', record.localityName ?? NONE],
    ['Total area', formatArea(record.total_area)],
    ['Available units', formatAreas(record.available_area)],
    ['Security deposit', orNone(record.security_deposit_months, formatMonths)],
    ['Lock-in', orNone(record.lock_in_years, formatYears)],
    ['Escalation', record.escalation ?? NONE],
    ['Lease', formatYears(record.lease_years)],
  ];
  // The lease's full terms: every rupee of a rent the headline rounds (see formatMoney).
  const rent = moneyParts(record.rent);
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <Picture
          src={record.image}
          alt={`${record.tenant} at ${record.building}`}
          sizes={SIZES}
          className={styles.image}
        />
        <span className={styles.type}>{record.property_type}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.tenant}>{record.tenant}</p>
        <h3 className={styles.building}>{record.building}</h3>
        <p className={styles.rent}>
          <span className={styles.amount}>{formatMoney(record.rent, { perMonth: true })}</span>
          {rent.exact === null ? null : <span className={styles.rate}>{rent.exact} a month</span>}
          <span className={styles.rate}>
            {formatRate(record.rent_per_sqft)} per sq ft
            {record.rentPerSqftComputed ? ' (rent ÷ total area)' : ''}
          </span>
        </p>
        {record.asking_price === null ? null : (
          <p className={styles.price}>
            Asking price{' '}
            <span className={styles.priceAmount}>{formatMoney(record.asking_price, { exact: true })}</span>
            {record.grossYield === null ? null : (
              <span className={styles.rate}>Gross yield {formatPercent(record.grossYield)} a year</span>
            )}
          </p>
        )}
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.actions}>
          <a
            href={record.enquiry.chatHref}
            className={styles.enquire}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon name="whatsapp" size={20} />
            ENQUIRE NOW
            <span className="visually-hidden"> about {record.building} on WhatsApp (opens in a new tab)</span>
          </a>
          <a href={formHref} className={styles.callBack} onClick={onEnquire}>
            Request a call back
            <span className="visually-hidden"> about {record.building}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
