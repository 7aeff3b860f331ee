import type * as EmailJS from '@emailjs/browser';
import type { EmailForm } from './config';
import { formsConfig } from './config';
import { connectionFailure, failureForStatus, SendFailure, withTimeout } from './send-failure';

/** EmailJS refuses a second message from the same form within this time (its own rate limit). */
const THROTTLE_MS = 10_000;

/** Where EmailJS remembers when each form last sent; memory when the browser refuses storage. */
function rateLimitStorage() {
  const memory = new Map<string, string>();
  const local = (): Storage | undefined => {
    try {
      return window.localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    get: async (key: string) => local()?.getItem(key) ?? memory.get(key) ?? null,
    set: async (key: string, value: string) => {
      memory.set(key, value);
      local()?.setItem(key, value);
    },
    remove: async (key: string) => {
      memory.delete(key);
      local()?.removeItem(key);
    },
  };
}

let client: Promise<typeof EmailJS> | undefined;
const storage = rateLimitStorage();

/** The EmailJS library, loaded on first use so pages pay for it only when a visitor sends. */
function emailjs() {
  client ??= import('@emailjs/browser').then((library) => {
    const { origin, publicKey } = formsConfig().emailjs;
    library.init({ publicKey, blockHeadless: false, storageProvider: storage }, origin);
    return library;
  });
  return client;
}

function asFailure(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  // EmailJS rejects with { status, text }: 429 from its rate limit, or the service's HTTP answer.
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status === 0 ? connectionFailure() : failureForStatus(error.status);
  }
  if (error instanceof TypeError) return connectionFailure();
  return new SendFailure('rejected');
}

/**
 * Sends `form`'s named fields through EmailJS's sendForm with the template of
 * `kind`. Rejects with a SendFailure; gives up after SEND_TIMEOUT_MS.
 */
export async function sendEmailForm(kind: EmailForm, form: HTMLFormElement): Promise<void> {
  const { serviceId, templates } = formsConfig().emailjs;
  const rateId = `emailjs-${kind}`;
  const sending = emailjs().then((library) =>
    library.sendForm(serviceId, templates[kind], form, { limitRate: { id: rateId, throttle: THROTTLE_MS } }),
  );
  try {
    await withTimeout(sending.catch((error: unknown) => Promise.reject(asFailure(error))));
  } catch (error) {
    const failure = asFailure(error);
    // A message that did not go through must not count against the visitor's next try.
    if (failure.kind !== 'rate-limit') await storage.remove(rateId);
    throw failure;
  }
}
