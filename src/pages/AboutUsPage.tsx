import { AboutIntro } from '../components/company/AboutIntro';
import { FounderSection } from '../components/company/FounderSection';
import { TeamGrid } from '../components/company/TeamGrid';
import { TestimonialQuotes } from '../components/company/TestimonialQuotes';
import { JoinTeamForm } from '../components/forms/JoinTeamForm';
import { Banner } from '../components/ui/Banner';
import { FormCard } from '../components/ui/FormCard';
import { Reveal } from '../components/ui/Reveal';
import type { AboutData } from '../data/page-data/company-data';
import type { PageProps } from '../data/page-data/page-data';
import styles from './CompanyPage.module.css';

/** /aboutUs: who we are, the founder, the team, reviews and the Join Our Team form. */
export function AboutUsPage({ data }: PageProps<AboutData>) {
  return (
    <>
      <Banner title="About Us" kicker="Gurugram’s founder-led property advisory" />
      <AboutIntro title={data.title} paragraphs={data.paragraphs} claims={data.claims} />
      <FounderSection
        name={data.founderName}
        title={data.founderTitle}
        photo={data.founderPhoto}
        paragraphs={data.founderText}
      />
      <TeamGrid team={data.team} />
      <TestimonialQuotes testimonials={data.testimonials} />
      <div className={styles.formBand}>
        <Reveal from="left" className={styles.formColumn}>
          <FormCard
            title="Join Our Team"
            intro="We are always looking for sales professionals who put clients first. Tell us about yourself and we will be in touch."
          >
            <JoinTeamForm />
          </FormCard>
        </Reveal>
      </div>
    </>
  );
}
