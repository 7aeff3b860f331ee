import { PATHS } from '../../data/links';
import type { TenantEnquiry, TenantPageData } from '../../data/page-data/listing-data';
import { Section } from '../ui/Section';
import { TableLink } from './TableLink';
import { TenantRecordCard } from './TenantRecordCard';
import styles from './TenantListing.module.css';

export interface TenantListingProps {
  data: TenantPageData;
  where: string;
  /** The page's enquiry form, which each card's Request a call back leads to. */
  formHref: string;
  /** Makes a card's property the subject of the form. */
  onEnquire: (enquiry: TenantEnquiry) => void;
}

/** PRE-RENTED PROPERTIES: an introduction, then one card per property leased to the tenant. */
export function TenantListing({ data, where, formHref, onEnquire }: TenantListingProps) {
  const count = data.records.length;
  return (
    <Section title="PRE-RENTED PROPERTIES" tone="ivory">
      <p className={styles.intro}>
        We manage {data.portfolio} pre-rented properties across Gurugram and Delhi: offices, shops and bank
        branches leased to established tenants, bought for steady monthly rent. Here{' '}
        {count === 1 ? 'is the one' : `are the ${count}`} leased to {data.tenant}
        {where}, with the terms of each lease.
      </p>
      <ul className={styles.list}>
        {data.records.map((record) => (
          <li key={record.row}>
            <TenantRecordCard
              record={record}
              formHref={formHref}
              onEnquire={() => onEnquire(record.enquiry)}
            />
          </li>
        ))}
      </ul>
      <TableLink href={PATHS.preRentedTable} />
    </Section>
  );
}
