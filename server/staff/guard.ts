/**
 * What every /staff/* address goes through: headers that keep the console out
 * of caches, search engines and frames; an Origin check on every write; and
 * the session check that lets only signed-in staff past. The signed-in member
 * is `c.get('member')` in every handler behind it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { StaffMember, StaffRole } from '../../src/schema/staff';
import { ADMIN_REFUSAL, SHEET_REFUSAL, SHEET_ROLES, StaffRoleSchema } from '../../src/schema/staff';
import type { StaffAuth } from './auth';

/** The Hono environment of the console's handlers: `c.get('member')` is who is signed in. */
export type StaffEnv = { Variables: { member: StaffMember } };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** No cache keeps a page (`private, no-store`), no search engine lists it, no other page frames it. */
export const consoleHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'private, no-store');
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  c.res.headers.set('X-Frame-Options', 'DENY');
  // A preview of the site (server/sheets/preview-site.ts) keeps the policy the site's _headers gives
  // it: the console's would block what the live pages may do (style attributes, map and video frames).
  if (!c.res.headers.has('Content-Security-Policy'))
    c.res.headers.set(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  // Sign-in links carry their token in the address: never pass it on to another site.
  c.res.headers.set('Referrer-Policy', 'same-origin');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};

/**
 * A write must come from the console's own origin: PUBLIC_ORIGIN when set, else (the quick
 * start) the origin the request was sent to. A browser always sends Origin with a POST, PATCH
 * or DELETE; a request without one, or from another site, is refused before anything changes.
 */
export function sameOrigin(publicOrigin: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const own = publicOrigin ?? new URL(c.req.url).origin;
    if (origin === own) return next();
    return c.json(
      { error: 'This change must come from the staff console’s own pages; nothing was changed.' },
      403,
    );
  };
}

/** The signed-in member behind a request's cookie, or null. */
async function memberOf(auth: StaffAuth, c: Context): Promise<StaffMember | null> {
  const session = await auth.auth.api.getSession({ headers: c.req.raw.headers });
  if (session === null) return null;
  const role = StaffRoleSchema.safeParse((session.user as { role?: unknown }).role);
  if (!role.success) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name, role: role.data };
}

/** Lets only signed-in staff through: an API answers 401, a page sends the visitor to sign in. */
export function requireMember(auth: StaffAuth) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    const member = await memberOf(auth, c);
    if (member !== null) {
      c.set('member', member);
      return next();
    }
    if (c.req.path.startsWith('/staff/api/'))
      return c.json({ error: 'Sign in to the staff console first.' }, 401);
    const back = new URL(c.req.url);
    return c.redirect(`/staff/sign-in?next=${encodeURIComponent(back.pathname + back.search)}`, 303);
  });
}

/** For the roles given only: others get a 403 with `refusal`, in plain words: who may, and what to do. */
function requireRole(roles: readonly StaffRole[], refusal: string) {
  return createMiddleware<StaffEnv>(async (c, next) =>
    roles.includes(c.get('member').role) ? next() : c.json({ error: refusal }, 403),
  );
}

/** For admins only (adding and removing staff, roles, the audit log): others get 403. */
export const requireAdmin = requireRole(['admin'], ADMIN_REFUSAL);

/** For those who may change the website's sheets (and see their previews): sales staff get 403. */
export const requireSheetRole = requireRole(SHEET_ROLES, SHEET_REFUSAL);
