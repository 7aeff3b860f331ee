/**
 * What the lead service reads from a request besides its fields: who sent it
 * (for the rate limit), the submission id, and where the visitor was.
 */
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Attribution } from './store';

/** RFC 9562 text form, any version (the browser's crypto.randomUUID() makes version 4). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_URL = 2000;
const MAX_AGENT = 500;
const MAX_UTM_VALUE = 200;

export type SubmissionId = { ok: true; id: string | null } | { ok: false };

/** The Idempotency-Key header: absent (an old page), a UUID, or refused. */
export function submissionIdOf(header: string | undefined): SubmissionId {
  if (header === undefined) return { ok: true, id: null };
  const id = header.trim().toLowerCase();
  return UUID.test(id) ? { ok: true, id } : { ok: false };
}

/** An absolute http(s) address, or nothing: what a browser sends here is never trusted to be one. */
function webAddress(value: string | undefined): string | null {
  if (value === undefined || value.length > MAX_URL || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** The utm_* parameters of a query string; anything else in it is dropped. */
function utmOf(value: string | undefined): Record<string, string> | null {
  if (value === undefined || value.length > MAX_URL) return null;
  const utm = Object.fromEntries(
    [...new URLSearchParams(value)].filter(
      ([name, text]) => /^utm_[a-z_]{1,30}$/.test(name) && text.length <= MAX_UTM_VALUE,
    ),
  );
  return Object.keys(utm).length > 0 ? utm : null;
}

/** The page, referrer and campaign the browser reports (Lead-Page or Referer, Lead-Referrer, Lead-UTM), and its user agent. */
export function attributionOf(c: Context): Attribution {
  const agent = c.req.header('user-agent');
  return {
    // Referer names the page that sent the request: the right one unless a later page re-sends it.
    page: webAddress(c.req.header('lead-page')) ?? webAddress(c.req.header('referer')),
    referrer: webAddress(c.req.header('lead-referrer')),
    utm: utmOf(c.req.header('lead-utm')),
    userAgent: agent === undefined || agent === '' ? null : agent.slice(0, MAX_AGENT),
  };
}

/**
 * The visitor's address. Behind a proxy (TRUST_PROXY), the last
 * X-Forwarded-For entry, the one the proxy itself added: entries before it
 * are whatever the client wrote.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  // `env.incoming` is @hono/node-server's request; an app called in tests has none.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return forwarded || incoming?.socket.remoteAddress || 'unknown';
}
