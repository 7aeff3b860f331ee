import { PROJECT_CONTACT_FIELDS } from '../../forms/definitions';
import { LEAD_THANKS } from '../../forms/messages';
import { projectContactLead } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';

export interface ProjectContactFormProps {
  projectName: string;
}

/** A project page's contact form (the Sector 66 project): sent as a lead naming the project. */
export function ProjectContactForm({ projectName }: ProjectContactFormProps) {
  return (
    <EnquiryForm
      label={`Contact us about ${projectName}`}
      fields={PROJECT_CONTACT_FIELDS}
      payload={(values, _, firstSubmit) => ({
        kind: 'lead',
        lead: projectContactLead(values, projectName, firstSubmit),
      })}
      submitLabel="Send message"
      thanks={LEAD_THANKS}
      greeting={`Hello, I am interested in ${projectName}.`}
      purpose={`answer your message about ${projectName}`}
    />
  );
}
