import { useLayout } from '../../app/layout-context';
import { mailLink, telLink } from '../../data/links';
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
  /** What the words beside the form say, when a project page's do not fit (a pre-rented property). */
  intro?: string;
  /** A WhatsApp chat naming the project, offered beside the form for those who would rather chat. */
  chatHref?: string;
}

/** The project's enquiry form beside the brokerage's phone, email and address from the settings sheet. */
export function ProjectContact({ projectName, form, id, intro, chatHref }: ProjectContactProps) {
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
          intro={`Tell us what you are looking for at ${projectName}.`}
        >
          {form === 'lead' ? (
            <ProjectLeadForm projectName={projectName} />
          ) : (
            <ProjectContactForm projectName={projectName} />
          )}
        </FormCard>
        <div className={styles.details}>
          <p className={styles.intro}>
            {intro ??
              `Our advisers know ${projectName} floor by floor. Call, write or leave your details and we will get back to you with prices, plans and availability.`}
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
          {chatHref ? (
            <p className={styles.chat}>
              <ChatLink href={chatHref} projectName={projectName} />
            </p>
          ) : null}
          {form === 'contact' ? <SocialLinks settings={settings} className={styles.social} /> : null}
        </div>
      </div>
    </Section>
  );
}
