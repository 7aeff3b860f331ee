import { useState } from 'react';
import { TenantListing } from '../components/listings/TenantListing';
import { ProjectContact } from '../components/project/ProjectContact';
import { Banner } from '../components/ui/Banner';
import { Templated } from '../components/ui/Templated';
import type { TenantPageData } from '../data/page-data/listing-data';
import type { PageProps } from '../data/page-data/page-data';

/** Anchor of the enquiry form that ends the page, which each property's Request a call back leads to. */
const FORM_ID = 'enquire';

/**
 * /preRentedList/{tenant} and /location/{locality}/{tenant}: every property leased to one tenant,
 * then an enquiry form, stored as a lead as on a project page, with WhatsApp beside it. Each
 * property's ENQUIRE NOW opens WhatsApp (spec 2.11); its Request a call back makes it the form's
 * subject, the form new for it, as a lead names one project.
 */
export function TenantPage({ data }: PageProps<TenantPageData>) {
  const where = data.locality ? ` in ${data.locality.name}` : '';
  const [enquiry, setEnquiry] = useState(data.enquiry);
  return (
    <>
      <Banner kicker="Pre-Rented Property" title={`${data.tenant}${where}`} image={data.records[0]?.image} />
      <TenantListing data={data} where={where} formHref={`#${FORM_ID}`} onEnquire={setEnquiry} />
      <Templated name="tenant-enquiry" values={{ projectName: enquiry.project, chatHref: enquiry.chatHref }}>
        {({ projectName, chatHref }) => (
          <ProjectContact
            key={projectName}
            projectName={projectName}
            form="lead"
            id={FORM_ID}
            preRented={{ chatHref }}
          />
        )}
      </Templated>
    </>
  );
}
