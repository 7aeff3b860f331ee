import { PreRentedComparison } from '../components/listings/PreRentedComparison';
import { Banner } from '../components/ui/Banner';
import type { PreRentedTableData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

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
      <PreRentedComparison data={data} />
    </>
  );
}
