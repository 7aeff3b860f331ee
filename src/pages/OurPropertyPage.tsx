import { ProjectSearch } from '../components/listings/ProjectSearch';
import { Banner } from '../components/ui/Banner';
import type { ProjectSearchData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

/** /ourProperty: under-construction commercial projects, filterable by locality. */
export function OurPropertyPage({ data }: PageProps<ProjectSearchData>) {
  return (
    <>
      <Banner kicker="Commercial Property" title="Under Construction Projects">
        <p>
          Offices, retail and hospitality projects being built across Gurugram and Dwarka, from the developers
          we work with.
        </p>
      </Banner>
      <ProjectSearch data={data} />
    </>
  );
}
