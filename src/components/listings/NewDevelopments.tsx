import { PROJECT_TYPES, projectTypeFromParams, projectTypeToParams } from '../../data/listing-views';
import type { NewDevelopmentData } from '../../data/page-data/listing-data';
import { Section } from '../ui/Section';
import { ProjectGrid } from './ProjectGrid';
import { TypeToggle } from './TypeToggle';
import { useUrlParams } from './use-url-params';
import styles from './NewDevelopments.module.css';

/**
 * New launches, Commercial (default) or Residential (?type=residential). Without
 * JavaScript the toggle cannot work, so the other type's cards follow in <noscript>.
 */
export function NewDevelopments({ data }: { data: NewDevelopmentData }) {
  const [params, setParams] = useUrlParams();
  const type = projectTypeFromParams(params);
  const cards = { Commercial: data.commercial, Residential: data.residential };
  const others = PROJECT_TYPES.filter((t) => t !== type);
  return (
    <Section title="Explore New Launches" kicker="New Development" tone="ivory">
      <div className={styles.toolbar}>
        <TypeToggle value={type} onChange={(next) => setParams(projectTypeToParams(next))} />
      </div>
      <ProjectGrid projects={cards[type]} label={`${type} new developments`} />
      <noscript>
        {others.map((other) => (
          <div key={other} className={styles.more}>
            <h3>{other}</h3>
            <ProjectGrid projects={cards[other]} label={`${other} new developments`} headingLevel={4} />
          </div>
        ))}
      </noscript>
    </Section>
  );
}
