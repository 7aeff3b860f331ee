import { ProjectSearch } from '../components/listings/ProjectSearch';
import { Banner } from '../components/ui/Banner';
import type { ProjectSearchData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

/** /residential: residential projects, filterable by locality. */
export function ResidentialPage({ data }: PageProps<ProjectSearchData>) {
  return (
    <>
      <Banner kicker="Residential Property" title="Residential Projects">
        <p>
          Luxury apartments and branded residences in Gurugram, chosen for their builders, locations and
          value.
        </p>
      </Banner>
      <ProjectSearch data={data} />
    </>
  );
}
