import { LIST_FIELDS, LIST_SUBJECT } from '../../forms/definitions';
import { MESSAGE_THANKS } from '../../forms/messages';
import { emailPayload } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';

/** List With Us, emailed to the brokerage through EmailJS with its own template. */
export function ListPropertyForm() {
  return (
    <EnquiryForm
      label="List your property"
      fields={LIST_FIELDS}
      hidden={{ subject: LIST_SUBJECT }}
      payload={(_, form) => emailPayload('list', form)}
      submitLabel="Submit"
      thanks={MESSAGE_THANKS}
      greeting="Hello, I would like to list my property with you."
      purpose="discuss listing your property"
    />
  );
}
