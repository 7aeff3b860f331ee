import { legalParty } from '../components/company/legal';
import { LegalDocument } from '../components/company/LegalDocument';
import { privacyPolicy } from '../components/company/privacy-policy';
import { Banner } from '../components/ui/Banner';
import { useLayout } from '../app/layout-context';

/** /privacyPolicy */
export function PrivacyPolicyPage() {
  const { settings } = useLayout();
  return (
    <>
      <Banner title="Privacy Policy" kicker="Your data, in plain words">
        <p>What we collect when you contact us, why, and the choices you have.</p>
      </Banner>
      <LegalDocument sections={privacyPolicy(legalParty(settings))} />
    </>
  );
}
