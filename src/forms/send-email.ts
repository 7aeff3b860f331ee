import type { EmailForm } from './config';
import type * as EmailClient from './email-client';
import { formsConfig } from './config';
import { retryingImport } from './retrying-import';
import { connectionFailure, failureForStatus, SendFailure } from './send-failure';

/** The EmailJS library, loaded on first use; a failed load is tried again next time. */
const emailjs = retryingImport(
  () => import('./email-client'),
  (library: typeof EmailClient) => {
    const { origin, publicKey } = formsConfig().emailjs;
    library.init({ publicKey, blockHeadless: false }, origin);
    return library;
  },
);

function asFailure(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  // EmailJS rejects with { status, text }: the service's HTTP answer, or 0 when none came.
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status === 0 ? connectionFailure() : failureForStatus(error.status);
  }
  if (error instanceof TypeError) return connectionFailure();
  return new SendFailure('rejected');
}

/** A form holding `fields` as hidden inputs: what EmailJS's sendForm posts, from a saved submission too. */
function formOf(fields: Record<string, string>): HTMLFormElement {
  const form = document.createElement('form');
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

async function sendOnce(kind: EmailForm, fields: Record<string, string>): Promise<void> {
  const { serviceId, templates } = formsConfig().emailjs;
  let library: typeof EmailClient;
  try {
    library = await emailjs();
  } catch {
    throw connectionFailure();
  }
  try {
    await library.sendForm(serviceId, templates[kind], formOf(fields));
  } catch (error) {
    throw asFailure(error);
  }
}

// EmailJS keeps every message it receives: this page sends one at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Sends `fields` (with their submission_id) through EmailJS's sendForm with the template of
 * `kind`, after any message this page is still sending. Rejects with a SendFailure.
 */
export function sendEmail(kind: EmailForm, fields: Record<string, string>): Promise<void> {
  const sending = queue.then(() => sendOnce(kind, fields));
  queue = sending.catch(() => undefined);
  return sending;
}
