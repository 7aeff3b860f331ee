import { NewDevelopments } from '../components/listings/NewDevelopments';
import { Banner } from '../components/ui/Banner';
import type { NewDevelopmentData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

/** /newDevelopment: new commercial and residential launches. */
export function NewDevelopmentPage({ data }: PageProps<NewDevelopmentData>) {
  return (
    <>
      <Banner kicker="Commercial & Residential" title="New Development">
        <p>
          The latest launches from Gurugram’s leading developers, with early-bird prices and the first choice
          of units.
        </p>
      </Banner>
      <NewDevelopments data={data} />
    </>
  );
}
