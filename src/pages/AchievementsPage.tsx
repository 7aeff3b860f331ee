import { AwardCard } from '../components/company/AwardCard';
import { ContactBlock } from '../components/company/ContactBlock';
import { Banner } from '../components/ui/Banner';
import type { AchievementsData } from '../data/page-data/company-data';
import type { PageProps } from '../data/page-data/page-data';
import styles from './AchievementsPage.module.css';

/** /achievements: the awards from the awards sheet, then a way to talk to the team. */
export function AchievementsPage({ data }: PageProps<AchievementsData>) {
  return (
    <>
      <Banner title="Achievements" kicker="Recognised by Gurugram’s leading developers" />
      <p className={styles.intro}>
        Developers reward the partners who sell their projects best and look after their buyers. These are the
        awards our team has earned: {data.awards.length} of them, from the builders whose projects we know
        inside out.
      </p>
      <ul className={styles.awards}>
        {data.awards.map((award, index) => (
          <AwardCard key={`${award.title}-${award.year}`} award={award} index={index} />
        ))}
      </ul>
      <ContactBlock
        title="Work with an award-winning team"
        text="Buying, selling or leasing in Gurugram? Speak to the advisors these developers trust."
      />
    </>
  );
}
