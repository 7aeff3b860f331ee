import { ContactDetails } from '../components/company/ContactDetails';
import { AppointmentForm } from '../components/forms/AppointmentForm';
import { Banner } from '../components/ui/Banner';
import { FormCard } from '../components/ui/FormCard';
import styles from './CompanyPage.module.css';

/** /clientAppointment: the appointment request form beside our contact details. */
export function ClientAppointmentPage() {
  return (
    <>
      <Banner title="Book an Appointment" kicker="Site visits and meetings">
        <p>Choose a date and tell us what you are looking for; an advisor confirms the visit by phone.</p>
      </Banner>
      <div className={styles.split}>
        <FormCard
          title="Request an appointment"
          intro="We arrange site visits seven days a week and meet at our office or the project."
        >
          <AppointmentForm />
        </FormCard>
        <ContactDetails />
      </div>
    </>
  );
}
