import { useEffect, useId, useRef, useState } from 'react';
import type { FieldDefinition, FieldName, FormValues } from './definitions';
import { emptyValues } from './definitions';
import type { OutboxEntry, Payload } from './outbox';
import { warmSender } from './outbox-watch';
import { retryingImport } from './retrying-import';
import type { FailureKind } from './send-failure';
import type * as Submission from './submission';

export type SubmissionState =
  | { phase: 'idle' }
  | { phase: 'invalid'; labels: string[] }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'saved' | 'waiting' | 'failed'; failure: { kind: FailureKind } };

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

/**
 * The forms' code (checks, saving and sending), fetched when a form is first used rather than
 * with the page, and fetched again after a failure; kept once loaded, for `change`.
 */
let loaded: typeof Submission | undefined;
const loadSubmission = retryingImport(
  () => import('./submission'),
  (module) => (loaded = module),
);

/**
 * Fetches the forms' code, then the sending code, ahead of need: called when the visitor starts
 * on a form or opens the pop-up. The forms' code comes first: with it, a submit made after the
 * connection drops is saved on the phone even if the sending code was lost on its way.
 */
export function warmForms(): void {
  loadSubmission().then(warmSender, () => undefined);
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
  // A submit the forms' code could not be fetched for, made again once the connection returns.
  const codeMissing = useRef(false);
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
    // A message shown after a submit goes as soon as the field is put right; a submit loaded
    // the code that checks it.
    if (errors[field.name as Name] !== undefined && loaded !== undefined) {
      const { checkField } = loaded;
      setErrors((current) => ({ ...current, [field.name]: checkField(field, value) }));
    }
  };

  const sent = () => {
    if (honeypotRef.current) honeypotRef.current.value = '';
    setValues(emptyValues(fields, preset));
    setState({ phase: 'sent' });
    onSent?.();
  };

  /**
   * A submit made before the forms' code has arrived waits for it. Where it cannot be fetched
   * (the phone offline before the form was first used), nothing was checked or saved: the
   * visitor is told, the form keeps every value, and it is submitted again by itself once the
   * connection returns.
   */
  // Through the form, so that what is sent is what it holds then.
  const submitAgain = () => {
    if (!codeMissing.current) return;
    codeMissing.current = false;
    formRef.current?.requestSubmit();
  };

  const submit = async (): Promise<void> => {
    const form = formRef.current;
    if (busy.current || form === null) return;
    busy.current = true;
    try {
      if (loaded === undefined) setState({ phase: 'sending' });
      const code = await loadSubmission().catch(() => undefined);
      if (code === undefined) {
        setState({ phase: 'failed', failure: { kind: navigator.onLine ? 'network' : 'offline' } });
        if (!codeMissing.current) window.addEventListener('online', submitAgain, { once: true });
        codeMissing.current = true;
        return;
      }
      codeMissing.current = false;
      const options = { fields, preset, payload, thanks, chat, onSent };
      const session = { options, values, form, honeypot: honeypotRef, submission, unwatch, fieldId };
      await code.submitForm({ ...session, setErrors, setState, sent });
    } finally {
      busy.current = false;
    }
  };

  return { values, errors, state, change, submit, fieldId, formRef, honeypotRef, outcomeRef };
}
