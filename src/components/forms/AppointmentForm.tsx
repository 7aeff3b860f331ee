import { APPOINTMENT_FIELDS } from '../../forms/definitions';
import { LEAD_THANKS } from '../../forms/messages';
import { APPOINTMENT_PROJECT, appointmentLead } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';

/** The appointment request (/clientAppointment), sent as a lead; the project starts as Paras Floret. */
export function AppointmentForm() {
  return (
    <EnquiryForm
      label="Request an appointment"
      fields={APPOINTMENT_FIELDS}
      preset={{ project: APPOINTMENT_PROJECT }}
      payload={(values, _, firstSubmit) => ({ kind: 'lead', lead: appointmentLead(values, firstSubmit) })}
      submitLabel="Request appointment"
      thanks={LEAD_THANKS}
      greeting="Hello, I would like to book an appointment."
      purpose="arrange your appointment"
    />
  );
}
