import type { TeamMember } from '../../schema/content';
import { Picture } from '../ui/Picture';
import { Reveal } from '../ui/Reveal';
import { Section } from '../ui/Section';
import styles from './TeamGrid.module.css';

/** About Us: OUR TEAM, four to a row on wide screens (so six members fall 4 then 2). */
export function TeamGrid({ team }: { team: readonly TeamMember[] }) {
  return (
    <Section title="OUR TEAM" kicker="The people you will meet">
      <ul className={styles.grid}>
        {team.map((member, index) => (
          <Reveal
            as="li"
            key={member.name}
            from={index % 2 === 0 ? 'left' : 'right'}
            className={styles.member}
          >
            <Picture
              src={member.photo}
              alt={member.name}
              sizes="(min-width: 1000px) 280px, 45vw"
              className={styles.photo}
            />
            <h3 className={styles.name}>{member.name}</h3>
            <p className={styles.role}>{member.role}</p>
          </Reveal>
        ))}
      </ul>
    </Section>
  );
}
