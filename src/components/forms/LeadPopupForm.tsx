import { useEffect, useRef, useState } from 'react';
import { POPUP_FIELDS } from '../../forms/definitions';
import { LEAD_THANKS } from '../../forms/messages';
import { popupLead } from '../../forms/payloads';
import { EnquiryForm } from './EnquiryForm';
import styles from './LeadPopupForm.module.css';

/** Long enough to read the confirmation before the pop-up closes. */
export const POPUP_CLOSE_DELAY_MS = 2500;

export interface LeadPopupFormProps {
  onCancel: () => void;
  /** Called once the lead is accepted and the confirmation has been shown. */
  onSent: () => void;
}

/** The enquiry pop-up's form: name, email and phone, sent as a lead naming no project. */
export function LeadPopupForm({ onCancel, onSent }: LeadPopupFormProps) {
  // Each lead sent starts a fresh form, so a pop-up opened again does not still say thank you.
  const [round, setRound] = useState(0);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);

  return (
    <EnquiryForm
      key={round}
      fields={POPUP_FIELDS}
      payload={(values, _, firstSubmit) => ({ kind: 'lead', lead: popupLead(values, firstSubmit) })}
      onSent={() => {
        closing.current = setTimeout(() => {
          onSent();
          setRound((current) => current + 1);
        }, POPUP_CLOSE_DELAY_MS);
      }}
      submitLabel="Submit"
      thanks={LEAD_THANKS}
      greeting="Hello, I would like the best price on a property."
      purpose="call you back with the best price"
      actions={
        <button type="button" className={styles.cancel} onClick={onCancel}>
          Cancel
        </button>
      }
    />
  );
}
