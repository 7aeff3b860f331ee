import type { AboutData } from '../../data/page-data/company-data';
import { Reveal } from '../ui/Reveal';
import { Section } from '../ui/Section';
import styles from './AboutIntro.module.css';

export type AboutIntroProps = Pick<AboutData, 'title' | 'paragraphs' | 'claims'>;

/** About Us: who the firm is, with its headline figures beside the text. */
export function AboutIntro({ title, paragraphs, claims }: AboutIntroProps) {
  return (
    <Section title={title} kicker="About Us">
      <div className={styles.grid}>
        <Reveal from="left" className={styles.text}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Reveal>
        {claims.length > 0 ? (
          <Reveal from="right">
            <dl className={styles.claims}>
              {claims.map((claim) => (
                <div key={claim.label} className={styles.claim}>
                  <dt className={styles.label}>{claim.label}</dt>
                  <dd className={styles.value}>{claim.figure}</dd>
                </div>
              ))}
            </dl>
          </Reveal>
        ) : null}
      </div>
    </Section>
  );
}
