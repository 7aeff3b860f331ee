import { ContactDetails } from '../components/company/ContactDetails';
import { TestimonialQuotes } from '../components/company/TestimonialQuotes';
import { ContactForm } from '../components/forms/ContactForm';
import { JoinTeamForm } from '../components/forms/JoinTeamForm';
import { Banner } from '../components/ui/Banner';
import { FormCard } from '../components/ui/FormCard';
import type { ContactData } from '../data/page-data/company-data';
import type { PageProps } from '../data/page-data/page-data';
import styles from './CompanyPage.module.css';

/** /contactUs: the contact form beside our details, then the Join Our Team form. */
export function ContactUsPage({ data }: PageProps<ContactData>) {
  return (
    <>
      <Banner title="Contact Us" kicker="We reply within one working day">
        <p>Tell us what you are looking for, or call and speak to an advisor now.</p>
      </Banner>
      <div className={styles.split}>
        <FormCard title="Send us a message" intro="Share a few details and an advisor will call you back.">
          <ContactForm />
        </FormCard>
        <ContactDetails />
      </div>
      <TestimonialQuotes testimonials={data.testimonials} />
      <div className={styles.formBand}>
        <div className={styles.formColumn}>
          <FormCard
            title="Join Our Team"
            intro="Experienced in property sales? We would like to hear from you."
          >
            <JoinTeamForm />
          </FormCard>
        </div>
      </div>
    </>
  );
}
