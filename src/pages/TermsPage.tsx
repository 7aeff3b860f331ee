import { legalParty } from '../components/company/legal';
import { LegalDocument } from '../components/company/LegalDocument';
import { termsAndConditions } from '../components/company/terms';
import { Banner } from '../components/ui/Banner';
import { useLayout } from '../app/layout-context';

/** /terms&Condition */
export function TermsPage() {
  const { settings } = useLayout();
  return (
    <>
      <Banner title="Terms and Conditions" kicker="Using this website">
        <p>
          The terms on which we offer this website. Indian law applies; the courts at Gurugram, Haryana
          decide.
        </p>
      </Banner>
      <LegalDocument sections={termsAndConditions(legalParty(settings))} />
    </>
  );
}
