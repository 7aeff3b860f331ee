import type { LegalSection } from './legal';
import { sectionId } from './legal';
import styles from './LegalDocument.module.css';

/** A legal text: a contents list, then its numbered sections. */
export function LegalDocument({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <div className={styles.document}>
      <nav aria-label="Contents" className={styles.contents}>
        <h2 className={styles.contentsTitle}>Contents</h2>
        <ol>
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#${sectionId(index)}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.sections}>
        {sections.map((section, index) => (
          <section key={section.title} id={sectionId(index)} className={styles.section}>
            <h2 className={styles.title}>
              <span className={styles.number}>{index + 1}.</span> {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.points ? (
              <ul className={styles.points}>
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
