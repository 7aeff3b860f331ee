/**
 * The site's forms as the browser tests see them: where each one is, what a
 * visitor types into it and what it must send. Paths and project names come
 * from the generated site data, never from a list kept here.
 */
import type { Locator, Page, Request as SentRequest, Route } from '@playwright/test';
import { LEAD_THANKS, MESSAGE_THANKS } from '../../src/forms/messages';
import { expect, hydrated } from './fixtures';
import { codeFile } from './lost-code';
import { site } from './routes-data';
import { PATHS } from '../../src/data/links';

/** The frozen moment of every form test: 14:05:09 in India on 10 January 2030. */
export const NOW = new Date('2030-01-10T08:35:09Z');
const NOW_IN_INDIA = '2030-01-10T14:05:09+05:30';

/** What the lead forms and the EmailJS forms post to, as Playwright route patterns. */
const LEAD_PATH = '**/addLead';
const EMAILJS_PATH = '**/api/v1.0/email/send-form';

function projectWithForm(form: 'lead' | 'contact') {
  const project = site.projects.find((candidate) => candidate.form === form);
  if (!project) throw new Error(`No project in the sheets has form "${form}".`);
  return project;
}
const leadProject = projectWithForm('lead');
const contactProject = projectWithForm('contact');

export interface FormCase {
  id: string;
  path: string;
  /** The form, once the page is open (for the pop-up: opened). */
  locate: (page: Page) => Promise<Locator>;
  service: 'lead' | 'emailjs';
  /** Label → what the visitor types. */
  typed: Record<string, string>;
  /** Label → what the field holds again after a successful send. */
  afterReset?: Record<string, string>;
  /** What must arrive, field by field (for EmailJS, besides its own ids). */
  body: Record<string, string>;
  /** EmailJS template the form must use (the local stand-in ids). */
  template?: string;
  thanks: string;
}

const named = (name: string) => async (page: Page) => page.getByRole('form', { name, exact: true });

export const FORMS: readonly FormCase[] = [
  {
    id: 'pop-up',
    path: PATHS.testCode,
    locate: async (page) => {
      await page.getByRole('button', { name: 'Open the enquiry pop-up' }).click();
      return page.getByRole('dialog', { name: 'Share your Contact Details' }).locator('form');
    },
    service: 'lead',
    typed: { Name: 'Asha Rao', Email: 'asha@example.com', Phone: '98110 12345' },
    body: {
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '98110 12345',
      data_source: 'Website',
      dateOfLead: NOW_IN_INDIA,
      project: '-',
    },
    thanks: LEAD_THANKS,
  },
  {
    id: 'project lead',
    path: leadProject.path,
    locate: named(`Enquire about ${leadProject.name}`),
    service: 'lead',
    typed: {
      'Full Name': 'Vikram Singh',
      Email: 'vikram@example.in',
      Phone: '+91 99999 00000',
      'Your requirement': '3 BHK',
    },
    body: {
      name: 'Vikram Singh',
      email: 'vikram@example.in',
      phone: '+91 99999 00000',
      remark: '3 BHK',
      data_source: 'Website',
      dateOfLead: NOW_IN_INDIA,
      project: leadProject.name,
    },
    thanks: LEAD_THANKS,
  },
  {
    id: 'appointment',
    path: PATHS.clientAppointment,
    locate: named('Request an appointment'),
    service: 'lead',
    typed: {
      Project: 'Emaar Amaris',
      Name: 'Meera Iyer',
      Email: 'meera@example.com',
      Phone: '07012345678',
      'Preferred date': '2030-02-01',
      'Budget (in crore)': '2.5',
      BHK: '3 BHK',
      Remarks: 'Weekend morning',
    },
    afterReset: { Project: 'Paras Floret', Name: '' },
    body: {
      data_source: 'Website',
      dateOfLead: NOW_IN_INDIA,
      project: 'Emaar Amaris',
      name: 'Meera Iyer',
      email: 'meera@example.com',
      phone: '07012345678',
      appointmentDate: '2030-02-01',
      budget: '2.5',
      bhk: '3 BHK',
      remark: 'Weekend morning',
    },
    thanks: LEAD_THANKS,
  },
  {
    id: 'project contact',
    path: contactProject.path,
    locate: named(`Contact us about ${contactProject.name}`),
    service: 'lead',
    typed: {
      'First name': 'Ravi',
      'Last name': 'Kumar',
      Email: 'ravi@example.com',
      Phone: '+44 20 7946 0958',
      Message: 'Ground floor retail unit',
    },
    body: {
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '+44 20 7946 0958',
      remark: 'Ground floor retail unit',
      data_source: 'Website',
      dateOfLead: NOW_IN_INDIA,
      project: contactProject.name,
    },
    thanks: LEAD_THANKS,
  },
  {
    id: 'contact',
    path: PATHS.contactUs,
    locate: named('Contact us'),
    service: 'emailjs',
    typed: {
      Name: 'Neha Gupta',
      Email: 'neha@example.com',
      Mobile: '+91-98110-12345',
      Message: 'Office space near Cyber City',
    },
    body: {
      subject: 'New enquiry from the website contact form',
      user_name: 'Neha Gupta',
      user_email: 'neha@example.com',
      user_mobile: '+91-98110-12345',
      message: 'Office space near Cyber City',
    },
    template: 'local-template-contact',
    thanks: MESSAGE_THANKS,
  },
  {
    id: 'join',
    path: PATHS.aboutUs,
    locate: named('Join our team'),
    service: 'emailjs',
    typed: {
      Name: 'Arjun Mehta',
      Email: 'arjun@example.com',
      Mobile: '9811012345',
      'Experience (years)': '4',
    },
    body: {
      user_name: 'Arjun Mehta',
      user_email: 'arjun@example.com',
      user_mobile: '9811012345',
      user_years: '4',
    },
    template: 'local-template-join',
    thanks: MESSAGE_THANKS,
  },
  {
    id: 'list',
    path: PATHS.listWithUs,
    locate: named('List your property'),
    service: 'emailjs',
    typed: {
      Name: 'Kiran Shah',
      Mobile: '+91 98110 12345',
      'About your property': 'Retail, 2,000 sq ft, MG Road',
    },
    body: {
      subject: 'Want to list my property on your website',
      user_name: 'Kiran Shah',
      user_mobile: '+91 98110 12345',
      message: 'Retail, 2,000 sq ft, MG Road',
    },
    template: 'local-template-list',
    thanks: MESSAGE_THANKS,
  },
];

export function formCase(id: string): FormCase {
  const found = FORMS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No form case "${id}".`);
  return found;
}

/**
 * The addresses each page opened by openForm has fetched in full. Kept from the requests, since
 * the page's own Resource Timing is blanked by the installed clock.
 */
const fetchedBy = new WeakMap<Page, Set<string>>();

/**
 * Opens the form's page with the clock frozen at NOW: dates are predictable
 * and the pop-up does not open over the page unless a test moves time on.
 */
export async function openForm(page: Page, form: FormCase): Promise<Locator> {
  const fetched = new Set<string>();
  fetchedBy.set(page, fetched);
  page.on('requestfinished', (request) => fetched.add(request.url()));
  // Installed a little earlier: the clock runs between these two calls, and cannot be paused in its past.
  await page.clock.install({ time: NOW.getTime() - 60_000 });
  await page.clock.pauseAt(NOW);
  await page.goto(form.path);
  await hydrated(page);
  const locator = await form.locate(page);
  await locator.scrollIntoViewIfNeeded();
  return locator;
}

export const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/**
 * Waits until starting on a form has fetched the forms' code and, after it, the sending code.
 * A visitor's typing gives them seconds to arrive; a test types in milliseconds, and a test
 * that drops the connection next would otherwise drop it under them at random (the case of
 * code lost on its way has tests of its own, lost-code.ts).
 */
export async function formsCodeArrived(page: Page): Promise<void> {
  const fetched = fetchedBy.get(page);
  if (fetched === undefined) throw new Error('Open the form with openForm first.');
  await expect
    .poll(
      () =>
        ['submission', 'outbox-sender'].every((chunk) =>
          [...fetched].some((url) => codeFile(chunk).test(url)),
        ),
      {
        message: "the forms' code and the sending code fetched",
      },
    )
    .toBe(true);
}

export async function fillForm(form: Locator, typed: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(typed)) await field(form, label).fill(value);
}

/** Checks each field holds its value; `when` names the moment in failure messages. */
export async function expectValues(
  form: Locator,
  values: Record<string, string>,
  when: string,
): Promise<void> {
  for (const [label, value] of Object.entries(values))
    await expect(field(form, label), `${label} ${when}`).toHaveValue(value);
}

/** The fields of an EmailJS send-form request (multipart), as EmailJS would read them. */
async function multipartFields(request: SentRequest): Promise<Record<string, string>> {
  const form = await new Request('http://local/', {
    method: 'POST',
    body: new Uint8Array(request.postDataBuffer() ?? []),
    headers: { 'content-type': (await request.headerValue('content-type')) ?? '' },
  }).formData();
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
}

/** What a form sent: the JSON lead, or EmailJS's fields. */
export async function sentBody(form: FormCase, request: SentRequest): Promise<Record<string, string>> {
  return form.service === 'lead'
    ? (request.postDataJSON() as Record<string, string>)
    : multipartFields(request);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The submission id a request carries: its Idempotency-Key, or EmailJS's submission_id field. */
export async function submissionId(form: FormCase, request: SentRequest): Promise<string | undefined> {
  if (form.service === 'lead') return request.headers()['idempotency-key'];
  return (await multipartFields(request)).submission_id;
}

export const endpoint = (form: FormCase) => (form.service === 'lead' ? LEAD_PATH : EMAILJS_PATH);

/** How a stand-in service answers the n-th request (from 1); by default it accepts it. */
export type Answer = (route: Route, count: number) => Promise<void> | void;
export const accept: Answer = (route) =>
  route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' });
/** A service that never answers. */
export const silence: Answer = () => undefined;

/** Intercepts what `form` sends, answers with `answer`, and collects the requests as they come. */
export async function interceptSends(
  page: Page,
  form: FormCase,
  answer: Answer = accept,
): Promise<SentRequest[]> {
  const requests: SentRequest[] = [];
  await page.route(endpoint(form), async (route) => {
    requests.push(route.request());
    await answer(route, requests.length);
  });
  return requests;
}
