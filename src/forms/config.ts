import type { FormEnv } from './env';
import { LOCAL_ID_PREFIX } from './env';

export type EmailForm = 'contact' | 'join' | 'list';

/** Where the forms send. */
export interface FormsConfig {
  /** Full address of the lead service's add-lead call. */
  leadUrl: string;
  emailjs: {
    origin: string;
    publicKey: string;
    serviceId: string;
    templates: Record<EmailForm, string>;
  };
}

function orLocal(value: string | undefined, local: string): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? local : trimmed;
}

/**
 * The configured endpoints; whatever is not configured points at the site's
 * own origin, where the local server (server/local-services.ts) records what
 * would have been sent, so a fresh clone's forms work with nothing set.
 */
export function resolveFormsConfig(env: FormEnv, pageOrigin: string): FormsConfig {
  const leadBase = orLocal(env.VITE_LEAD_API_URL, '').replace(/\/+$/, '');
  return {
    leadUrl: `${leadBase}/addLead`,
    emailjs: {
      origin: orLocal(env.VITE_EMAILJS_ORIGIN, pageOrigin).replace(/\/+$/, ''),
      publicKey: orLocal(env.VITE_EMAILJS_PUBLIC_KEY, `${LOCAL_ID_PREFIX}public-key`),
      serviceId: orLocal(env.VITE_EMAILJS_SERVICE_ID, `${LOCAL_ID_PREFIX}service`),
      templates: {
        contact: orLocal(env.VITE_EMAILJS_TEMPLATE_CONTACT, `${LOCAL_ID_PREFIX}template-contact`),
        join: orLocal(env.VITE_EMAILJS_TEMPLATE_JOIN, `${LOCAL_ID_PREFIX}template-join`),
        list: orLocal(env.VITE_EMAILJS_TEMPLATE_LIST, `${LOCAL_ID_PREFIX}template-list`),
      },
    },
  };
}

/** The build's configuration, in the browser (Vite writes the values in at build time). */
export function formsConfig(): FormsConfig {
  return resolveFormsConfig(
    {
      VITE_LEAD_API_URL: import.meta.env.VITE_LEAD_API_URL,
      VITE_EMAILJS_ORIGIN: import.meta.env.VITE_EMAILJS_ORIGIN,
      VITE_EMAILJS_PUBLIC_KEY: import.meta.env.VITE_EMAILJS_PUBLIC_KEY,
      VITE_EMAILJS_SERVICE_ID: import.meta.env.VITE_EMAILJS_SERVICE_ID,
      VITE_EMAILJS_TEMPLATE_CONTACT: import.meta.env.VITE_EMAILJS_TEMPLATE_CONTACT,
      VITE_EMAILJS_TEMPLATE_JOIN: import.meta.env.VITE_EMAILJS_TEMPLATE_JOIN,
      VITE_EMAILJS_TEMPLATE_LIST: import.meta.env.VITE_EMAILJS_TEMPLATE_LIST,
    },
    window.location.origin,
  );
}
