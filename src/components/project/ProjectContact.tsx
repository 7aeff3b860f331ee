import { useLayout } from '../../app/layout-context';
import { mailLink, telLink } from '../../data/links';
import { PRE_RENTED_LEAD_FIELDS, PROJECT_LEAD_FIELDS } from '../../forms/definitions';
import { ProjectContactForm } from '../forms/ProjectContactForm';
import { ProjectLeadForm } from '../forms/ProjectLeadForm';
import { SocialLinks } from '../layout/SocialLinks';
import { FormCard } from '../ui/FormCard';
import { Icon } from '../ui/Icon';
import { Section } from '../ui/Section';
import { ChatLink } from './ChatLink';
import styles from './ProjectContact.module.css';

export interface ProjectContactProps {
  projectName: string;
  /** lead: the lead form at the top of the page; contact: the contact form with social links. */
  form: 'lead' | 'contact';
  /** Anchor of the section, for links to the form. */
  id: string;
  /**
   * On a tenant page: the form asks about a pre-rented property in an investor's terms, and
   * offers beside it a WhatsApp chat naming the property, for those who would rather chat.
   */
  preRented?: { chatHref: string };
}

/** The project's enquiry form beside the brokerage's phone, email and address from the settings sheet. */
export function ProjectContact({ projectName, form, id, preRented }: ProjectContactProps) {
  const { settings } = useLayout();
  return (
    <Section
      title={form === 'lead' ? `Enquire about ${projectName}` : 'Contact Us'}
      kicker={form === 'lead' ? 'Register your interest' : projectName}
      tone={form === 'lead' ? 'paper' : 'ivory'}
      id={id}
    >
      <div className={styles.grid}>
        <FormCard
          className={styles.form}
          level={3}
          title={form === 'lead' ? 'Get the best price' : 'Send us a message'}
          intro={
            preRented
              ? 'Tell us your budget and what you look for in a leased property.'
              : `Tell us what you are looking for at ${projectName}.`
          }
        >
          {form === 'lead' ? (
            <ProjectLeadForm
              projectName={projectName}
              fields={preRented ? PRE_RENTED_LEAD_FIELDS : PROJECT_LEAD_FIELDS}
            />
          ) : (
            <ProjectContactForm projectName={projectName} />
          )}
        </FormCard>
        <div className={styles.details}>
          <p className={styles.intro}>
            {preRented
              ? `Leave your details and an adviser will call you back with the lease, the documents and the best price for ${projectName}.`
              : `Our advisers know ${projectName} floor by floor. Call, write or leave your details and we will get back to you with prices, plans and availability.`}
          </p>
          <ul className={styles.list}>
            <li>
              <Icon name="phone" />
              <a href={telLink(settings.phone)}>{settings.phone}</a>
            </li>
            <li>
              <Icon name="mail" />
              <a href={mailLink(settings.email)}>{settings.email}</a>
            </li>
            <li>
              <Icon name="pin" />
              <address>{settings.address}</address>
            </li>
          </ul>
          {preRented ? (
            <p className={styles.chat}>
              <ChatLink href={preRented.chatHref} projectName={projectName} />
            </p>
          ) : null}
          {form === 'contact' ? <SocialLinks settings={settings} className={styles.social} /> : null}
        </div>
      </div>
    </Section>
  );
}
