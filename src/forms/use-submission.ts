import { useEffect, useId, useRef, useState } from 'react';
import type { FieldDefinition, FieldName, FormValues } from './definitions';
import { emptyValues } from './definitions';
import { indiaDay } from './india-time';
import { SendFailure } from './send-failure';
import { fieldError, validate } from './validation';

export type SubmissionState =
  | { phase: 'idle' }
  | { phase: 'invalid'; labels: string[] }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'failed'; failure: SendFailure };

export interface SubmissionOptions<Fields extends readonly FieldDefinition[]> {
  fields: Fields;
  /** Values a fresh form starts with (and returns to after sending). */
  preset?: Partial<FormValues<Fields>>;
  /** Delivers the checked values; rejects with a SendFailure. */
  send: (values: FormValues<Fields>, form: HTMLFormElement) => Promise<void>;
  onSent?: () => void;
}

/**
 * The life of one form: typed values, field messages, and one send at a time.
 * A failed send keeps every value for a retry; a successful one clears them.
 */
export function useSubmission<const Fields extends readonly FieldDefinition[]>({
  fields,
  preset,
  send,
  onSent,
}: SubmissionOptions<Fields>) {
  type Name = FieldName<Fields>;
  const idPrefix = useId();
  const [values, setValues] = useState(() => emptyValues(fields, preset));
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [state, setState] = useState<SubmissionState>({ phase: 'idle' });
  // State updates land after the event; a ref stops a second click or Enter at once.
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const fieldId = (name: Name) => `${idPrefix}${name}`;

  useEffect(() => {
    // The disabled button lost focus while sending; put it where the outcome is read.
    if (state.phase === 'sent' || state.phase === 'failed') outcomeRef.current?.focus();
  }, [state.phase]);

  const change = (field: Fields[number], value: string) => {
    setValues((current) => ({ ...current, [field.name]: value }));
    // A message shown after a submit goes as soon as the field is put right.
    if (errors[field.name as Name] !== undefined) {
      setErrors((current) => ({ ...current, [field.name]: fieldError(field, value, indiaDay(new Date())) }));
    }
  };

  const submit = async () => {
    const form = formRef.current;
    if (busy.current || form === null) return;
    const found = validate<Name>(fields, values, indiaDay(new Date()));
    setErrors(found);
    const invalid = fields.filter((field) => found[field.name as Name] !== undefined);
    const [first] = invalid;
    if (first !== undefined) {
      setState({ phase: 'invalid', labels: invalid.map((field) => field.label) });
      document.getElementById(fieldId(first.name))?.focus();
      return;
    }
    busy.current = true;
    setState({ phase: 'sending' });
    try {
      // A filled honeypot is a robot: it is thanked like anyone, and nothing is sent.
      const robot = (honeypotRef.current?.value ?? '') !== '';
      if (!robot) await send(values, form);
      if (honeypotRef.current) honeypotRef.current.value = '';
      setValues(emptyValues(fields, preset));
      setState({ phase: 'sent' });
      onSent?.();
    } catch (error) {
      if (!(error instanceof SendFailure)) console.error(error);
      setState({
        phase: 'failed',
        failure: error instanceof SendFailure ? error : new SendFailure('rejected'),
      });
    } finally {
      busy.current = false;
    }
  };

  return { values, errors, state, change, submit, fieldId, formRef, honeypotRef, outcomeRef };
}
