import { TenantListing } from '../components/listings/TenantListing';
import { Banner } from '../components/ui/Banner';
import type { TenantPageData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

/** /preRentedList/{tenant} and /location/{locality}/{tenant}: every property leased to one tenant. */
export function TenantPage({ data }: PageProps<TenantPageData>) {
  const where = data.locality ? ` in ${data.locality.name}` : '';
  return (
    <>
      <Banner kicker="Pre-Rented Property" title={`${data.tenant}${where}`} image={data.records[0]?.image} />
      <TenantListing data={data} where={where} />
    </>
  );
}
