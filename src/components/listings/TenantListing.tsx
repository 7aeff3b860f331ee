import { PATHS } from '../../data/links';
import type { TenantPageData } from '../../data/page-data/listing-data';
import { Section } from '../ui/Section';
import { TableLink } from './TableLink';
import { TenantRecordCard } from './TenantRecordCard';
import styles from './TenantListing.module.css';

/** PRE-RENTED PROPERTIES: an introduction, then one card per property leased to the tenant. */
export function TenantListing({ data, where }: { data: TenantPageData; where: string }) {
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
            <TenantRecordCard record={record} />
          </li>
        ))}
      </ul>
      <TableLink href={PATHS.preRentedTable} />
    </Section>
  );
}
