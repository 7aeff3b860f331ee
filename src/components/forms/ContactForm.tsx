import { CONTACT_FIELDS, CONTACT_SUBJECT } from '../../forms/definitions';
import { MESSAGE_THANKS } from '../../forms/messages';
import { emailPayload } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';

/** Contact Us, emailed to the brokerage through EmailJS. */
export function ContactForm() {
  return (
    <EnquiryForm
      label="Contact us"
      fields={CONTACT_FIELDS}
      hidden={{ subject: CONTACT_SUBJECT }}
      payload={(_, form) => emailPayload('contact', form)}
      submitLabel="Send message"
      thanks={MESSAGE_THANKS}
      greeting="Hello, I have an enquiry."
      purpose="answer your message"
    />
  );
}
