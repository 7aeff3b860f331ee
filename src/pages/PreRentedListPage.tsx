import { PreRentedSearch } from '../components/listings/PreRentedSearch';
import { Banner } from '../components/ui/Banner';
import type { PreRentedListData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

/** /preRentedList: every pre-rented property, filterable by locality. */
export function PreRentedListPage({ data }: PageProps<PreRentedListData>) {
  return (
    <>
      <Banner kicker="Commercial Property" title="Pre-Rented Properties">
        <p>
          Offices, shops and bank branches already leased to established tenants: rental income from the day
          you buy.
        </p>
      </Banner>
      <PreRentedSearch data={data} />
    </>
  );
}
