import type { Amenity } from '../../schema/project';
import { Section } from '../ui/Section';
import { AmenityIcon } from './AmenityIcon';
import styles from './ProjectAmenities.module.css';

export interface ProjectAmenitiesProps {
  amenities: Amenity[];
}

/** The amenities grid: each an icon over its label, in sheet order. */
export function ProjectAmenities({ amenities }: ProjectAmenitiesProps) {
  return (
    <Section title="Amenities" tone="dark" id="amenities">
      <ul className={styles.grid}>
        {amenities.map((amenity) => (
          <li key={amenity.label} className={styles.item}>
            <span className={styles.icon}>
              <AmenityIcon name={amenity.icon} />
            </span>
            {amenity.label}
          </li>
        ))}
      </ul>
    </Section>
  );
}
