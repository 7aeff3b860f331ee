import { JOIN_FIELDS } from '../../forms/definitions';
import { MESSAGE_THANKS } from '../../forms/messages';
import { emailPayload } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';

/** Join Our Team, emailed to the brokerage through EmailJS with its own template. */
export function JoinTeamForm() {
  return (
    <EnquiryForm
      label="Join our team"
      fields={JOIN_FIELDS}
      payload={(_, form) => emailPayload('join', form)}
      submitLabel="Apply"
      thanks={MESSAGE_THANKS}
      greeting="Hello, I would like to join your sales team."
      purpose="consider your application"
    />
  );
}
