import { Picture } from '../ui/Picture';
import { Reveal } from '../ui/Reveal';
import { Section } from '../ui/Section';
import styles from './FounderSection.module.css';

interface FounderSectionProps {
  name: string;
  /** e.g. "Founder & CEO", from the settings sheet. */
  title: string;
  photo: string;
  /** The founder's paragraphs, from the settings sheet. */
  paragraphs: readonly string[];
}

/** About Us: the founder's portrait, name, title and a few words on how the firm works. */
export function FounderSection({ name, title, photo, paragraphs }: FounderSectionProps) {
  return (
    <Section title={title} kicker="Leadership" tone="ivory">
      <div className={styles.grid}>
        <Reveal from="left" className={styles.portrait}>
          <Picture
            src={photo}
            alt={`${name}, ${title}`}
            sizes="(min-width: 900px) 380px, 90vw"
            className={styles.photo}
          />
        </Reveal>
        <Reveal from="right">
          <h3 className={styles.name}>{name}</h3>
          <p className={styles.role}>{title}</p>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Reveal>
      </div>
    </Section>
  );
}
