/**
 * The Vite env variables that tell the forms where to send (documented in
 * .env.example), and the check a deployment build runs on them. Imports
 * nothing, so the build pipeline can use it without the browser code.
 */
export const FORM_ENV_VARS = {
  VITE_LEAD_API_URL:
    'base address of the lead service that answers POST /addLead, e.g. https://leads.example.com',
  VITE_EMAILJS_ORIGIN: 'EmailJS API address, normally https://api.emailjs.com',
  VITE_EMAILJS_PUBLIC_KEY: 'EmailJS public key (EmailJS dashboard → Account)',
  VITE_EMAILJS_SERVICE_ID: 'EmailJS service id (EmailJS dashboard → Email Services)',
  VITE_EMAILJS_TEMPLATE_CONTACT: 'EmailJS template id of the Contact Us form',
  VITE_EMAILJS_TEMPLATE_JOIN: 'EmailJS template id of the Join Our Team form',
  VITE_EMAILJS_TEMPLATE_LIST: 'EmailJS template id of the List With Us form',
} as const;

type FormEnvVar = keyof typeof FORM_ENV_VARS;
export type FormEnv = Partial<Record<FormEnvVar, string>>;

/** Prefix of the stand-in ids the local build uses, which a deployment must never ship. */
export const LOCAL_ID_PREFIX = 'local-';

const URL_VARS: ReadonlySet<FormEnvVar> = new Set(['VITE_LEAD_API_URL', 'VITE_EMAILJS_ORIGIN']);

function problemOf(variable: FormEnvVar, raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? '';
  if (value === '') return 'not set';
  if (URL_VARS.has(variable)) {
    if (!URL.canParse(value)) return `"${value}" is not a web address`;
    if (new URL(value).protocol !== 'https:') return `"${value}" must start with https://`;
    return undefined;
  }
  return value.startsWith(LOCAL_ID_PREFIX) ? `"${value}" is the local stand-in, not a real id` : undefined;
}

/**
 * One line per variable a deployment cannot go without, naming it, what is
 * wrong and what it is; empty when the forms have real places to send to.
 */
export function deployEnvProblems(env: FormEnv): string[] {
  return (Object.keys(FORM_ENV_VARS) as FormEnvVar[]).flatMap((variable) => {
    const problem = problemOf(variable, env[variable]);
    return problem === undefined ? [] : [`${variable} ${problem}: ${FORM_ENV_VARS[variable]}.`];
  });
}
