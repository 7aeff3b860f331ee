/**
 * What a form does when the visitor submits it: the checks, the submission (its id and
 * first-submit time kept across retries of the same values), saving and sending it, and what
 * becomes of it. Part of the forms' code, fetched when a form is first used (use-submission.ts).
 */
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { currentAttribution } from './attribution';
import type { FieldDefinition, FieldName, FormValues } from './definitions';
import { indiaDay } from './india-time';
import type { Delivery } from './outcomes';
import { showPageNotice, watchOutcome } from './outcomes';
import type { OutboxEntry, Payload } from './outbox';
import { newId, removeEntry } from './outbox';
import { SendFailure } from './send-failure';
import { forgetThrottle, submitEntry, tooSoon } from './submit';
import type { SubmissionOptions, SubmissionState } from './use-submission';
import { fieldError, validate } from './validation';

/** One form's hold on its submissions: what the hook keeps across renders, and how it updates. */
export interface FormSession<Fields extends readonly FieldDefinition[]> {
  options: SubmissionOptions<Fields>;
  values: FormValues<Fields>;
  form: HTMLFormElement;
  honeypot: RefObject<HTMLInputElement | null>;
  submission: RefObject<{ entry: OutboxEntry; typed: string } | undefined>;
  unwatch: RefObject<(() => void) | undefined>;
  fieldId: (name: FieldName<Fields>) => string;
  setErrors: Dispatch<SetStateAction<Partial<Record<FieldName<Fields>, string>>>>;
  setState: (state: SubmissionState) => void;
  /** Clears the form and thanks the visitor. */
  sent: () => void;
}

/** The message for a field's value on the visitor's day in India, or undefined when it is acceptable. */
export const checkField = (field: FieldDefinition, value: string) =>
  fieldError(field, value, indiaDay(new Date()));

/** Whether the visitor can see the form (a pop-up may have been closed while it was sending). */
function shown(form: HTMLFormElement): boolean {
  return form.isConnected && (form.closest('dialog')?.open ?? true);
}

/** The submission id goes with an email as its `submission_id` field, so it can be counted. */
function withId(payload: Payload, id: string): Payload {
  return payload.kind === 'email'
    ? { ...payload, fields: { ...payload.fields, submission_id: id } }
    : payload;
}

/** Shows what became of `entry`, now or later; in the page when the form is out of sight. */
function settle<Fields extends readonly FieldDefinition[]>(
  session: FormSession<Fields>,
  entry: OutboxEntry,
  delivery: Delivery,
  chatText: string,
  later: boolean,
): void {
  const { submission, unwatch, options } = session;
  if (submission.current?.entry.id !== entry.id) return;
  unwatch.current?.();
  unwatch.current = undefined;
  const worthTelling = !later || delivery.result === 'sent' || delivery.result === 'failed';
  if (!shown(session.form) && worthTelling) showPageNotice({ delivery, thanks: options.thanks, chatText });
  if (delivery.result === 'sent') {
    submission.current = undefined;
    session.sent();
    return;
  }
  if (delivery.result === 'failed' && delivery.failure.kind === 'rejected') {
    // Refused for good: sending the same again would be refused again, under a new id.
    submission.current = undefined;
    if (entry.payload.kind === 'email') forgetThrottle(entry.payload.form);
  } else if (delivery.result !== 'failed') {
    unwatch.current = watchOutcome(entry.id, (next) => settle(session, entry, next, chatText, true));
  }
  session.setState({ phase: delivery.result, failure: delivery.failure });
}

/** The submission of the values as typed: the one already made for them, or a new one. */
function submissionFor<Fields extends readonly FieldDefinition[]>(
  session: FormSession<Fields>,
): OutboxEntry | SendFailure {
  const { submission, unwatch, values } = session;
  const typed = JSON.stringify(values);
  if (submission.current?.typed === typed) return submission.current.entry;
  const superseded = submission.current?.entry;
  const firstSubmit = new Date();
  const id = newId();
  const built = withId(session.options.payload(values, session.form, firstSubmit), id);
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
}

/**
 * Checks the values, then sends them: a changed set of values makes a new submission, and
 * replaces the old one if it was still waiting. A failed send keeps every value.
 */
export async function submitForm<Fields extends readonly FieldDefinition[]>(
  session: FormSession<Fields>,
): Promise<void> {
  type Name = FieldName<Fields>;
  const { options, values, setState } = session;
  const found = validate<Name>(options.fields, values, indiaDay(new Date()));
  session.setErrors(found);
  const invalid = options.fields.filter((field) => found[field.name as Name] !== undefined);
  const [first] = invalid;
  if (first !== undefined) {
    setState({ phase: 'invalid', labels: invalid.map((field) => field.label) });
    document.getElementById(session.fieldId(first.name as Name))?.focus();
    return;
  }
  // A filled honeypot is a robot: it is thanked like anyone, and nothing is saved or sent.
  if ((session.honeypot.current?.value ?? '') !== '') {
    session.sent();
    return;
  }
  const entry = submissionFor(session);
  if (entry instanceof SendFailure) {
    setState({ phase: 'failed', failure: entry });
    return;
  }
  setState({ phase: 'sending' });
  try {
    settle(session, entry, await submitEntry(entry, options.thanks), options.chat(values), false);
  } catch (error) {
    console.error(error);
    setState({ phase: 'failed', failure: new SendFailure('rejected') });
  }
}
