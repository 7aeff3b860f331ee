import type { PRE_RENTED_LEAD_FIELDS } from '../../forms/definitions';
import { PROJECT_LEAD_FIELDS } from '../../forms/definitions';
import { LEAD_THANKS } from '../../forms/messages';
import { projectLead } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';

export interface ProjectLeadFormProps {
  projectName: string;
  /** The project pages' fields, or a tenant page's, whose example speaks to an investor. */
  fields?: typeof PROJECT_LEAD_FIELDS | typeof PRE_RENTED_LEAD_FIELDS;
}

/** A project page's lead form (Paras Floret): full name, email, phone and requirement, sent naming the project. */
export function ProjectLeadForm({ projectName, fields = PROJECT_LEAD_FIELDS }: ProjectLeadFormProps) {
  return (
    <EnquiryForm
      label={`Enquire about ${projectName}`}
      fields={fields}
      payload={(values, _, firstSubmit) => ({
        kind: 'lead',
        lead: projectLead(values, projectName, firstSubmit),
      })}
      submitLabel="Submit"
      thanks={LEAD_THANKS}
      greeting={`Hello, I am interested in ${projectName}.`}
      purpose={`answer your enquiry about ${projectName}`}
    />
  );
}
