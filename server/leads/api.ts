/**
 * POST /addLead, and the quick start's stand-in for EmailJS. Every enquiry is
 * checked with the schemas the forms use, stored once per submission id, and
 * answered so that the browser knows whether to try again: 201 or 200 (stored),
 * 4xx (will never be stored as sent: do not retry, except 429), 503 (try later).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { rateLimiter } from 'hono-rate-limiter';
import { z } from 'zod';
import { FlatFieldsSchema, LEAD_SCHEMAS, leadFormOf } from '../../src/schema/lead';
import type { Database } from '../db/database';
import { DatabaseUnavailable } from '../db/database';
import { attributionOf, clientAddress, submissionIdOf } from './request';
import type { NewEnquiry, NotificationChannel } from './store';
import { storeEnquiry } from './store';

export const LEAD_PATH = '/addLead';
export const EMAILJS_FORM_PATH = '/api/v1.0/email/send-form';
export const EMAILJS_JSON_PATH = '/api/v1.0/email/send';

/** A lead or a message is a few hundred bytes; this leaves room for long remarks, not for abuse. */
const MAX_BODY_BYTES = 64 * 1024;
const RATE_WINDOW_MS = 10 * 60 * 1000;
/** Seconds a client waits after a 503 before trying again. */
const RETRY_AFTER_UNAVAILABLE = 5;
/** Headers the site's pages send with a lead; anything else a preflight asks for is refused. */
const LEAD_HEADERS = ['Content-Type', 'Idempotency-Key', 'Lead-Page', 'Lead-Referrer', 'Lead-UTM'];
/** What @emailjs/browser adds to a form's own fields; EmailJS refuses a request without them. */
const EMAILJS_PARAMS = ['lib_version', 'service_id', 'template_id', 'user_id'] as const;
/** Local template ids are `local-template-{form}` (src/forms/config.ts). */
const LOCAL_TEMPLATE = /^local-template-/;

export interface LeadApiOptions {
  db: Database;
  /** Origins other than the service's own whose pages may post (CORS). */
  siteOrigins: readonly string[];
  /** Requests one address may make per 10 minutes; 0 for no limit. */
  rateLimit: number;
  trustProxy: boolean;
  /** Answer as EmailJS does and store the messages (the quick start only). */
  emailJsStandIn: boolean;
  /** Where each new enquiry's notification goes (the outbox's channels). */
  channels: readonly NotificationChannel[];
  /** Called after each enquiry is stored, to send its notification now. */
  onStored: () => void;
}

type Problem = { status: 400 | 403 | 413 | 415 | 422; error: string; fields?: Record<string, string> };

const problem = (c: Context, { status, error, fields }: Problem) =>
  c.json(fields === undefined ? { error } : { error, fields }, status);

/** A reason per field, keyed by the field's name, for a 400 the form's author can act on. */
function fieldReasons(error: z.ZodError, body: object): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'body');
    reasons[name] ??= name in body ? issue.message : 'is missing';
  }
  return reasons;
}

type Body<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** The request's JSON, or why it is not JSON. */
async function jsonOf(c: Context): Promise<Body<unknown>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    return { ok: false, problem: { status: 415, error: 'Send JSON, with Content-Type: application/json.' } };
  // Read outside the try: a client that goes away mid-body is the app's error handler's to log.
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: { status: 400, error: 'The body is not valid JSON.' } };
  }
}

/** The lead's fields: one flat JSON object of text values. */
async function fieldsOf(c: Context): Promise<Body<Record<string, string>>> {
  const json = await jsonOf(c);
  if (!json.ok) return json;
  const body = json.value;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, problem: { status: 400, error: 'The body must be a JSON object of fields.' } };
  const flat = FlatFieldsSchema.safeParse(body);
  return flat.success
    ? { ok: true, value: flat.data }
    : {
        ok: false,
        problem: { status: 400, error: 'Every field must be text.', fields: fieldReasons(flat.error, body) },
      };
}

/** What emailjs.send posts: its ids beside the template's parameters. */
const EmailJsSendSchema = z.object({
  lib_version: z.string().optional(),
  service_id: z.string().optional(),
  template_id: z.string().optional(),
  user_id: z.string().optional(),
  template_params: FlatFieldsSchema.optional(),
});

export function leadApi(options: LeadApiOptions) {
  const { db, siteOrigins } = options;
  const app = new Hono();

  const store = async (
    c: Context,
    enquiry: NewEnquiry,
    answer: (id: string, created: boolean) => Response,
  ) => {
    try {
      const result = await storeEnquiry(db, enquiry, options.channels);
      if (result.outcome === 'conflict')
        return problem(c, {
          status: 422,
          error:
            'This Idempotency-Key was already used for a lead with other fields; make a new key for a new lead.',
        });
      if (result.outcome === 'created') options.onStored();
      return answer(result.id, result.outcome === 'created');
    } catch (error) {
      if (!(error instanceof DatabaseUnavailable)) throw error;
      console.warn(`${c.req.path}: answered 503, ${error.message}`);
      c.header('Retry-After', String(RETRY_AFTER_UNAVAILABLE));
      return c.json(
        { error: 'Leads cannot be stored right now; nothing was stored. Try again shortly.' },
        503,
      );
    }
  };

  // A page of another site must not post leads in a visitor's name: such a browser request
  // carries its Origin, which is neither this service's own nor one of the site's.
  const sameSite: MiddlewareHandler = async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || siteOrigins.includes(origin)) return next();
    const own = URL.canParse(origin) && new URL(origin).host === c.req.header('host');
    return own
      ? next()
      : problem(c, { status: 403, error: 'Leads are accepted from the site’s own pages only.' });
  };

  const guards: MiddlewareHandler[] = [
    cors({
      origin: (origin) => (siteOrigins.includes(origin) ? origin : null),
      allowMethods: ['POST'],
      allowHeaders: LEAD_HEADERS,
      maxAge: 600,
    }),
    sameSite,
    ...(options.rateLimit > 0
      ? [
          rateLimiter({
            windowMs: RATE_WINDOW_MS,
            limit: options.rateLimit,
            keyGenerator: (c) => clientAddress(c, options.trustProxy),
            handler: (c) => c.json({ error: 'Too many requests from this address; try again later.' }, 429),
          }),
        ]
      : []),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        problem(c, { status: 413, error: `The body is larger than ${MAX_BODY_BYTES / 1024} KB.` }),
    }),
  ];

  const paths = options.emailJsStandIn ? [LEAD_PATH, EMAILJS_FORM_PATH, EMAILJS_JSON_PATH] : [LEAD_PATH];
  for (const path of paths) app.use(path, ...guards);

  app.post(LEAD_PATH, async (c) => {
    const submission = submissionIdOf(c.req.header('idempotency-key'));
    if (!submission.ok)
      return problem(c, { status: 400, error: 'The Idempotency-Key header must be a UUID.' });
    const body = await fieldsOf(c);
    if (!body.ok) return problem(c, body.problem);
    const fields = body.value;
    const form = leadFormOf(fields);
    const parsed = LEAD_SCHEMAS[form].safeParse(fields);
    if (!parsed.success)
      return problem(c, {
        status: 400,
        error: 'Some fields are not valid.',
        fields: fieldReasons(parsed.error, fields),
      });
    const lead = parsed.data;
    return store(
      c,
      {
        kind: 'lead',
        form,
        submissionId: submission.id,
        fields,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        project: lead.project,
        source: lead.data_source,
        attribution: attributionOf(c),
      },
      (id, created) => c.json({ id }, created ? 201 : 200),
    );
  });

  if (options.emailJsStandIn) {
    const message = async (c: Context, sent: Record<string, string>) => {
      const missing = EMAILJS_PARAMS.filter((name) => !sent[name]);
      if (missing.length > 0)
        return c.text(
          `The ${missing.join(', ')} parameter${missing.length > 1 ? 's are' : ' is'} required.`,
          400,
        );
      const { lib_version, service_id, template_id, user_id, submission_id, ...fields } = sent;
      return store(
        c,
        {
          kind: 'message',
          form: (template_id ?? '').replace(LOCAL_TEMPLATE, ''),
          submissionId: submission_id ?? null,
          fields,
          name: fields.user_name ?? '',
          email: fields.user_email ?? '',
          phone: fields.user_mobile ?? '',
          project: '',
          source: 'Website',
          attribution: attributionOf(c),
        },
        // EmailJS answers 200 "OK" and nothing else, whether or not it has seen the message before.
        () => c.text('OK', 200),
      );
    };

    app.post(EMAILJS_FORM_PATH, async (c) => {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return c.text('A message must be sent as multipart/form-data.', 400);
      }
      const sent: Record<string, string> = {};
      form.forEach((value, key) => {
        if (typeof value === 'string') sent[key] = value;
      });
      return message(c, sent);
    });

    app.post(EMAILJS_JSON_PATH, async (c) => {
      const json = await jsonOf(c);
      const sent = json.ok ? EmailJsSendSchema.safeParse(json.value) : null;
      if (sent === null || !sent.success)
        return c.text('A message must be JSON: the EmailJS ids and template_params of text values.', 400);
      const { template_params: params = {}, ...ids } = sent.data;
      const defined = Object.entries(ids).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      );
      return message(c, { ...params, ...Object.fromEntries(defined) });
    });
  }

  return app;
}
