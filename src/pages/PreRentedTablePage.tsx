import { PreRentedComparison } from '../components/listings/PreRentedComparison';
import { Banner } from '../components/ui/Banner';
import { Section } from '../components/ui/Section';
import type { PreRentedTableData } from '../routes/listings';
import type { PageProps } from '../routes/route';

/** /preRentedTable: every pre-rented property in one sortable, filterable table. */
export function PreRentedTablePage({ data }: PageProps<PreRentedTableData>) {
  return (
    <>
      <Banner kicker="Pre-Rented Property" title="Compare Pre-Rented Properties">
        <p>
          Rent, rent per sq ft, area, lease, lock-in and escalation of every leased property we offer, side by
          side.
        </p>
      </Banner>
      <Section title="All pre-rented properties" tone="ivory">
        <PreRentedComparison data={data} />
      </Section>
    </>
  );
}
