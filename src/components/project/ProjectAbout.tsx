import type { ProjectEntry } from '../../schema/site';
import { Section } from '../ui/Section';
import { ChatLink } from './ChatLink';
import styles from './ProjectAbout.module.css';

export interface ProjectAboutProps {
  project: ProjectEntry;
  chatHref: string;
}

/** About the Project: the description, the chat link and the facts. */
export function ProjectAbout({ project, chatHref }: ProjectAboutProps) {
  const labelled = project.facts.filter((fact) => fact.label !== null);
  const notes = project.facts.filter((fact) => fact.label === null);
  return (
    <Section title="About the Project" kicker={project.name} id="about">
      <div className={styles.grid}>
        <div className={styles.text}>
          {project.description.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <ChatLink href={chatHref} projectName={project.name} />
        </div>
        <aside className={styles.card} aria-label={`${project.name} at a glance`}>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>Sector</dt>
              <dd>{project.sector}</dd>
            </div>
            <div className={styles.fact}>
              <dt>City</dt>
              <dd>{project.city}</dd>
            </div>
            <div className={styles.fact}>
              <dt>Category</dt>
              <dd>
                {project.type} · {project.category}
              </dd>
            </div>
            {labelled.map((fact) => (
              <div className={styles.fact} key={`${fact.label}:${fact.value}`}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
          {notes.length > 0 ? (
            <ul className={styles.notes}>
              {notes.map((fact) => (
                <li key={fact.value}>{fact.value}</li>
              ))}
            </ul>
          ) : null}
        </aside>
      </div>
    </Section>
  );
}
