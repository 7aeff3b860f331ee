import { useLayout } from '../../app/layout-context';
import { Reveal } from '../ui/Reveal';
import { Section } from '../ui/Section';
import { ABOUT_CLAIMS, ABOUT_KICKER, ABOUT_TITLE, aboutParagraphs } from './about-content';
import styles from './AboutIntro.module.css';

/** About Us: who the firm is, with its headline figures beside the text. */
export function AboutIntro() {
  const { settings } = useLayout();
  return (
    <Section title={ABOUT_TITLE} kicker={ABOUT_KICKER}>
      <div className={styles.grid}>
        <Reveal from="left" className={styles.text}>
          {aboutParagraphs(settings.brand_name).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Reveal>
        <Reveal from="right">
          <dl className={styles.claims}>
            {ABOUT_CLAIMS.map((claim) => (
              <div key={claim.label} className={styles.claim}>
                <dt className={styles.label}>{claim.label}</dt>
                <dd className={styles.value}>{claim.value}</dd>
              </div>
            ))}
          </dl>
        </Reveal>
      </div>
    </Section>
  );
}
