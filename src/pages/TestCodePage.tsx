import { useOpenEnquiry } from '../app/enquiry-context';
import { Banner } from '../components/ui/Banner';
import { Section } from '../components/ui/Section';
import styles from './CompanyPage.module.css';

/** /testcode: a page for checking the enquiry pop-up (kept out of search results). */
export function TestCodePage() {
  const openEnquiry = useOpenEnquiry();
  return (
    <>
      <Banner title="Enquiry Pop-up Test" kicker="For the team" />
      <Section title="Open the pop-up" width="narrow">
        <p>
          The pop-up opens by itself three seconds after this page loads. The button opens it again at any
          time.
        </p>
        <button type="button" className={styles.button} onClick={openEnquiry} aria-haspopup="dialog">
          Open the enquiry pop-up
        </button>
      </Section>
    </>
  );
}
