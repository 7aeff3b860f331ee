import { useEffect, useId, useRef, useState } from 'react';
import { currentAttribution } from './attribution';
import type { FieldDefinition, FieldName, FormValues } from './definitions';
import { emptyValues } from './definitions';
import { indiaDay } from './india-time';
import type { Delivery } from './outcomes';
import { showPageNotice, watchOutcome } from './outcomes';
import type { OutboxEntry, Payload } from './outbox';
import { newId, removeEntry } from './outbox';
import { SendFailure } from './send-failure';
import { forgetThrottle, submitEntry, tooSoon } from './submit';
import { fieldError, validate } from './validation';

export type SubmissionState =
  | { phase: 'idle' }
  | { phase: 'invalid'; labels: string[] }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'saved' | 'waiting' | 'failed'; failure: SendFailure };

export interface SubmissionOptions<Fields extends readonly FieldDefinition[]> {
  fields: Fields;
  /** Values a fresh form starts with (and returns to after sending). */
  preset?: Partial<FormValues<Fields>>;
  /** What the checked values deliver; `firstSubmit` is when the visitor first sent them. */
  payload: (values: FormValues<Fields>, form: HTMLFormElement, firstSubmit: Date) => Payload;
  /** The confirmation once sent. */
  thanks: string;
  /** The WhatsApp message offered when sending fails, from what was typed. */
  chat: (values: FormValues<Fields>) => string;
  onSent?: () => void;
}

/** Whether the visitor can see the form (a pop-up may have been closed while it was sending). */
function shown(form: HTMLFormElement | null): boolean {
  return form !== null && form.isConnected && (form.closest('dialog')?.open ?? true);
}

/** The submission id goes with an email as its `submission_id` field, so it can be counted. */
function withId(payload: Payload, id: string): Payload {
  return payload.kind === 'email'
    ? { ...payload, fields: { ...payload.fields, submission_id: id } }
    : payload;
}

/**
 * The life of one form: typed values, field messages, and one submission at a time. A
 * submission keeps its id and first-submit time across every retry of the same values;
 * changed values make a new one, and replace the old one if it was still waiting. A failed
 * send keeps every value; a delivered one clears them.
 */
export function useSubmission<const Fields extends readonly FieldDefinition[]>({
  fields,
  preset,
  payload,
  thanks,
  chat,
  onSent,
}: SubmissionOptions<Fields>) {
  type Name = FieldName<Fields>;
  const idPrefix = useId();
  const [values, setValues] = useState(() => emptyValues(fields, preset));
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [state, setState] = useState<SubmissionState>({ phase: 'idle' });
  // State updates land after the event; a ref stops a second click or Enter at once.
  const busy = useRef(false);
  const submission = useRef<{ entry: OutboxEntry; typed: string } | undefined>(undefined);
  const unwatch = useRef<(() => void) | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const fieldId = (name: Name) => `${idPrefix}${name}`;

  useEffect(() => () => unwatch.current?.(), []);

  useEffect(() => {
    // The disabled button lost focus while sending; put it where the outcome is read.
    if (state.phase !== 'idle' && state.phase !== 'invalid' && state.phase !== 'sending')
      outcomeRef.current?.focus();
  }, [state.phase]);

  const change = (field: Fields[number], value: string) => {
    setValues((current) => ({ ...current, [field.name]: value }));
    // A message shown after a submit goes as soon as the field is put right.
    if (errors[field.name as Name] !== undefined) {
      setErrors((current) => ({ ...current, [field.name]: fieldError(field, value, indiaDay(new Date())) }));
    }
  };

  const sent = () => {
    if (honeypotRef.current) honeypotRef.current.value = '';
    setValues(emptyValues(fields, preset));
    setState({ phase: 'sent' });
    onSent?.();
  };

  /** Shows what became of `entry`, now or later; in the page when the form is out of sight. */
  const settle = (entry: OutboxEntry, delivery: Delivery, chatText: string, later: boolean) => {
    if (submission.current?.entry.id !== entry.id) return;
    unwatch.current?.();
    unwatch.current = undefined;
    const worthTelling = !later || delivery.result === 'sent' || delivery.result === 'failed';
    if (!shown(formRef.current) && worthTelling) showPageNotice({ delivery, thanks, chatText });
    if (delivery.result === 'sent') {
      submission.current = undefined;
      sent();
      return;
    }
    if (delivery.result === 'failed' && delivery.failure.kind === 'rejected') {
      // Refused for good: sending the same again would be refused again, under a new id.
      submission.current = undefined;
      if (entry.payload.kind === 'email') forgetThrottle(entry.payload.form);
    } else if (delivery.result !== 'failed') {
      unwatch.current = watchOutcome(entry.id, (next) => settle(entry, next, chatText, true));
    }
    setState({ phase: delivery.result, failure: delivery.failure });
  };

  /** The submission of the values as typed: the one already made for them, or a new one. */
  const submissionFor = (form: HTMLFormElement): OutboxEntry | SendFailure => {
    const typed = JSON.stringify(values);
    if (submission.current?.typed === typed) return submission.current.entry;
    const superseded = submission.current?.entry;
    const firstSubmit = new Date();
    const id = newId();
    const built = withId(payload(values, form, firstSubmit), id);
    if (built.kind === 'email' && tooSoon(built.form)) return new SendFailure('too-soon');
    if (superseded !== undefined) {
      unwatch.current?.();
      removeEntry(superseded.id).catch(() => undefined);
    }
    const entry: OutboxEntry = {
      id,
      createdAt: firstSubmit.getTime(),
      payload: built,
      attribution: currentAttribution(),
      attempts: 0,
      nextAttemptAt: 0,
    };
    submission.current = { entry, typed };
    return entry;
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
    // A filled honeypot is a robot: it is thanked like anyone, and nothing is saved or sent.
    if ((honeypotRef.current?.value ?? '') !== '') {
      sent();
      return;
    }
    const entry = submissionFor(form);
    if (entry instanceof SendFailure) {
      setState({ phase: 'failed', failure: entry });
      return;
    }
    busy.current = true;
    setState({ phase: 'sending' });
    try {
      settle(entry, await submitEntry(entry, thanks), chat(values), false);
    } catch (error) {
      console.error(error);
      setState({ phase: 'failed', failure: new SendFailure('rejected') });
    } finally {
      busy.current = false;
    }
  };

  return { values, errors, state, change, submit, fieldId, formRef, honeypotRef, outcomeRef };
}
