import { Icon } from '../ui/Icon';
import { Picture } from '../ui/Picture';
import { Section } from '../ui/Section';
import { DeferredFrame } from './DeferredFrame';
import styles from './ProjectLocation.module.css';

export interface ProjectLocationProps {
  projectName: string;
  /** Where the project is, as the page says it: "Sector 88, Gurugram". */
  address: string;
  mapImage: string | null;
  mapEmbed: string | null;
}

/** Project Location: the location map picture, and the interactive map only on request. */
export function ProjectLocation({ projectName, address, mapImage, mapEmbed }: ProjectLocationProps) {
  return (
    <Section title="Project Location" tone="ivory" id="location">
      <p className={styles.address}>
        <Icon name="pin" size={20} />
        {projectName}, {address}
      </p>
      <div className={mapImage && mapEmbed ? `${styles.maps} ${styles.pair}` : styles.maps}>
        {mapImage ? (
          <Picture
            src={mapImage}
            alt={`Location map of ${projectName}, ${address}`}
            sizes="(min-width: 1248px) 600px, (min-width: 900px) 50vw, 100vw"
            className={styles.image}
          />
        ) : null}
        {mapEmbed ? (
          <DeferredFrame
            variant="map"
            src={mapEmbed}
            href={mapEmbed}
            title={`Interactive map of ${projectName}, ${address}`}
            label="Show interactive map"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            className={mapImage ? styles.beside : undefined}
          >
            <div className={styles.placeholder}>
              <p className={styles.placeholderText}>
                The interactive map comes from Google Maps and loads only when you ask for it.
              </p>
            </div>
          </DeferredFrame>
        ) : null}
      </div>
    </Section>
  );
}
