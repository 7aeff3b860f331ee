import { ListPropertyForm } from '../components/forms/ListPropertyForm';
import { Banner } from '../components/ui/Banner';
import { FormCard } from '../components/ui/FormCard';
import styles from './CompanyPage.module.css';

const REASONS = [
  {
    title: 'Qualified buyers and tenants',
    text: 'Investors, families and brands already ask us for property like yours.',
  },
  {
    title: 'A price backed by evidence',
    text: 'We compare recent transactions and live listings before we advise you.',
  },
  {
    title: 'One advisor, start to finish',
    text: 'Visits, negotiation and paperwork handled by one person you know.',
  },
];

/** /listWithUs: why list with us, and the list-your-property form. */
export function ListWithUsPage() {
  return (
    <>
      <Banner title="List With Us" kicker="For owners and sellers">
        <p>
          Sell or lease your commercial or residential property in Gurugram with a team that knows the market.
        </p>
      </Banner>
      <div className={styles.split}>
        <div>
          <p className={styles.lead}>
            Tell us about your office, shop, pre-rented unit or home. An advisor will call you to understand
            it, suggest a realistic price or rent and present it to the right buyers.
          </p>
          <ul className={styles.points}>
            {REASONS.map((reason) => (
              <li key={reason.title}>
                <strong>{reason.title}</strong>
                {reason.text}
              </li>
            ))}
          </ul>
        </div>
        <FormCard title="Tell us about your property" intro="It takes a minute; we call you back.">
          <ListPropertyForm />
        </FormCard>
      </div>
    </>
  );
}
