import { LocalityHero } from '../components/listings/LocalityHero';
import { LocalityListing } from '../components/listings/LocalityListing';
import { OtherLocalities } from '../components/listings/OtherLocalities';
import type { LocalityPageData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';
import styles from './LocalityPage.module.css';

/** /location/{locality}: the locality's pre-rented and under-construction property, and the other localities. */
export function LocalityPage({ data }: PageProps<LocalityPageData>) {
  return (
    <div className={styles.page}>
      <LocalityHero locality={data.locality} />
      <div className={styles.sheet}>
        <LocalityListing data={data} />
        <OtherLocalities localities={data.others} />
      </div>
    </div>
  );
}
