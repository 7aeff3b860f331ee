import type { KeyFact, ReraLine } from '../../data/projects';
import styles from './ProjectKeyFacts.module.css';

export interface ProjectKeyFactsProps {
  projectName: string;
  /** Price, status, possession, developer, configuration: those the sheet gives. */
  facts: KeyFact[];
  rera: ReraLine;
  /** Anchor of the page's enquiry form. */
  formHref: string;
}

/**
 * What a buyer looks for first, right under the hero: price, status, possession, developer,
 * configuration and RERA registration, and a link down to the page's enquiry form.
 */
export function ProjectKeyFacts({ projectName, facts, rera, formHref }: ProjectKeyFactsProps) {
  return (
    <section className={styles.band} aria-label={`${projectName}: key facts`} id="key-facts">
      <div className={styles.inner}>
        <dl className={styles.facts}>
          {facts.map((fact) => (
            <div
              key={fact.label}
              className={fact.label === 'Price' ? `${styles.fact} ${styles.price}` : styles.fact}
            >
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
          <div className={`${styles.fact} ${styles.rera}`}>
            <dt>RERA</dt>
            <dd>
              <span className={styles.code}>{rera.kind === 'number' ? rera.number : 'Coming Soon'}</span>
              {rera.kind === 'number' ? (
                <span className={styles.regulator}>
                  Details on the regulator&apos;s website:{' '}
                  <a href={rera.regulatorUrl} target="_blank" rel="noopener noreferrer">
                    {rera.regulatorSite}
                  </a>
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        <a className={styles.enquire} href={formHref}>
          Enquire about {projectName}
        </a>
      </div>
    </section>
  );
}
