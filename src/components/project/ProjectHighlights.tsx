import type { Highlight } from '../../schema/project';
import { Picture } from '../ui/Picture';
import { Reveal } from '../ui/Reveal';
import { Section } from '../ui/Section';
import styles from './ProjectHighlights.module.css';

export interface ProjectHighlightsProps {
  highlights: Highlight[];
}

/** The highlights in sheet order: picture cards when the sheet gives pictures, else a numbered list. */
export function ProjectHighlights({ highlights }: ProjectHighlightsProps) {
  const withPictures = highlights.some((highlight) => highlight.image !== null);
  return (
    <Section title="Highlights" tone="ivory" id="highlights">
      <ol className={withPictures ? styles.cards : styles.list}>
        {highlights.map((highlight, index) => (
          <Reveal as="li" key={highlight.text} className={styles.item}>
            {highlight.image ? (
              <Picture
                src={highlight.image}
                alt=""
                sizes="(min-width: 1200px) 384px, (min-width: 640px) 50vw, 100vw"
                className={styles.image}
              />
            ) : null}
            <span className={styles.number} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <p className={styles.text}>{highlight.text}</p>
          </Reveal>
        ))}
      </ol>
    </Section>
  );
}
