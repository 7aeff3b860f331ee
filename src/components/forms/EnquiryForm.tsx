import type { ReactNode } from 'react';
import { useLayout } from '../../app/layout-context';
import { chatLink } from '../../data/links';
import type { FieldDefinition, FormValues } from '../../forms/definitions';
import { chatText } from '../../forms/payloads';
import type { SubmissionOptions } from '../../forms/use-submission';
import { useSubmission, warmForms } from '../../forms/use-submission';
import styles from './EnquiryForm.module.css';
import { Field } from './Field';
import { FormStatus } from './FormStatus';
import { Honeypot } from './Honeypot';
import { NoScriptNote } from './NoScriptNote';
import { PrivacyNotice } from './PrivacyNotice';
import { SubmitButton } from './SubmitButton';

export interface EnquiryFormProps<Fields extends readonly FieldDefinition[]> extends Omit<
  SubmissionOptions<Fields>,
  'chat'
> {
  /** Accessible name of the form, when nothing around it names it. */
  label?: string;
  submitLabel: string;
  /** First line of the WhatsApp message offered when sending fails. */
  greeting: string;
  /** Completes "We use it only to …" in the privacy notice. */
  purpose: string;
  /** Fixed values sent with the form, such as an email subject. */
  hidden?: Record<string, string>;
  /** Buttons beside Submit, such as the pop-up's Cancel. */
  actions?: ReactNode;
}

/** Every form of the site: fields, checks, sending, outcome and the privacy notice. */
export function EnquiryForm<const Fields extends readonly FieldDefinition[]>(
  props: EnquiryFormProps<Fields>,
) {
  const { fields, label, submitLabel, thanks, greeting, purpose, hidden = {}, actions } = props;
  const { settings } = useLayout();
  const chat = (typed: FormValues<Fields>) => chatText(greeting, fields, typed);
  const { values, errors, state, change, submit, fieldId, formRef, honeypotRef, outcomeRef } = useSubmission({
    ...props,
    chat,
  });
  const valueOf = (name: string) => (values as Record<string, string>)[name] ?? '';
  const errorOf = (name: string) => (errors as Record<string, string | undefined>)[name];

  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-label={label}
      noValidate
      // The forms' code and the sending code are fetched as the visitor starts, not with the
      // page, and are there by the time they submit, offline too.
      onFocus={warmForms}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <NoScriptNote />
      {fields.map((field) => (
        <Field
          key={field.name}
          field={field}
          id={fieldId(field.name)}
          value={valueOf(field.name)}
          error={errorOf(field.name)}
          onChange={(value) => change(field, value)}
        />
      ))}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Honeypot id={fieldId('honeypot')} inputRef={honeypotRef} />
      <div className={styles.actions}>
        <SubmitButton label={submitLabel} sending={state.phase === 'sending'} />
        {actions}
      </div>
      <FormStatus
        state={state}
        thanks={thanks}
        chatHref={chatLink(settings.chat_number, chat(values))}
        phone={settings.phone}
        onRetry={() => void submit()}
        outcomeRef={outcomeRef}
      />
      <PrivacyNotice collects={fields.map((field) => field.label)} purpose={purpose} />
    </form>
  );
}
