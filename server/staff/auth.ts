/**
 * Staff sign-in, by better-auth: a six-digit code (email-OTP plugin) or a
 * one-time link (magic-link plugin) to a known address, and sessions kept in
 * the lead service's own database, so removing a member ends them at once.
 * Nobody signs up: staff are added by an admin (server/staff/members.ts), and
 * an address that is not staff gets the same answer as one that is, at once,
 * with no email. A session lasts 12 hours from sign-in and is never extended
 * (OWASP ASVS 3.3.2); only the endpoints the console uses are reachable.
 */
import { betterAuth } from 'better-auth';
import { emailOTP, magicLink } from 'better-auth/plugins';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database';
import { writeAudit } from './audit';
import type { CodeMailer } from './mailer';
import { codeOutbox } from './mailer';
import { signInBudget } from './sign-in-budget';

/** Where better-auth answers: the console's sign-in endpoints. */
const AUTH_BASE_PATH = '/staff/api/auth';
/** Where a used link lands. */
const AFTER_SIGN_IN = '/staff/leads';
const CODE_MINUTES = 5;
const LINK_MINUTES = 15;
/** How long a session lasts from sign-in, however much it is used: then the member signs in again. */
export const SESSION_HOURS = 12;
/** Wrong codes a code survives; after that it is gone and a new one must be asked for. */
const CODE_TRIES = 3;

export interface StaffAuthOptions {
  db: Database;
  secret: string;
  /** The address the service is reached at: links are built on it, and writes must come from it. */
  origin: string;
  /**
   * Whether the origin is PUBLIC_ORIGIN, the only one writes may come from. In the quick start it is
   * not: the console then accepts the origin a request was sent to (127.0.0.1 or localhost alike).
   */
  fixedOrigin: boolean;
  mailer: CodeMailer;
}

export function createStaffAuth({ db, secret, origin, fixedOrigin, mailer }: StaffAuthOptions) {
  const secure = origin.startsWith('https://');
  /** Links waiting for the magic-link plugin to hand over their address. */
  const pendingLinks = new Map<string, (url: string) => void>();
  const outbox = codeOutbox(mailer);

  const auth = betterAuth({
    appName: 'Staff console',
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    // The same database as the leads: the one PGlite instance or the one pool. No transactions:
    // on PGlite, a BEGIN sent through Kysely would wrap whatever other query came in meanwhile.
    database: { dialect: db.dialect, type: 'postgres', transaction: false },
    user: {
      modelName: 'staff_member',
      additionalFields: { role: { type: 'string', required: true, input: false } },
    },
    session: {
      modelName: 'staff_session',
      expiresIn: SESSION_HOURS * 60 * 60,
      disableSessionRefresh: true,
    },
    account: { modelName: 'staff_account' },
    verification: { modelName: 'staff_verification' },
    emailAndPassword: { enabled: false },
    // server/staff/sign-in-budget.ts limits sign-in tries per client address and per email address,
    // in the database, reading the client's address as the lead API does (TRUST_PROXY).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins: (request) =>
      fixedOrigin || request === undefined ? [origin] : [new URL(request.url).origin],
    advanced: {
      // `__Host-` over HTTPS: Secure, path /, no Domain, so no other host can set or read it.
      useSecureCookies: false,
      cookiePrefix: secure ? '__Host-staff' : 'staff',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            const [member] = await db.query<{ email: string; name: string }>(
              'SELECT email, name FROM staff_member WHERE id = $1',
              [session.userId],
            );
            if (member !== undefined) await writeAudit(db, member, 'signed-in', member.email);
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_MINUTES * 60,
        allowedAttempts: CODE_TRIES,
        disableSignUp: true,
        storeOTP: 'hashed',
        // The email goes out after the answer. Before it, the code's link is stored: one write, as
        // for an address that is not staff better-auth deletes the code it made, so both answers
        // take the same time.
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== 'sign-in') return;
          outbox.post({ email, code: otp, link: await issueLink(email), minutes: CODE_MINUTES });
        },
      }),
      magicLink({
        expiresIn: LINK_MINUTES * 60,
        disableSignUp: true,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }) => {
          pendingLinks.get(email.toLowerCase())?.(url);
        },
      }),
    ],
  });

  /** A one-time sign-in address for `email`, valid 15 minutes; nothing is sent. */
  async function issueLink(email: string): Promise<string> {
    const key = email.toLowerCase();
    const url = new Promise<string>((resolve) => pendingLinks.set(key, resolve));
    try {
      await auth.api.signInMagicLink({
        body: { email: key, callbackURL: AFTER_SIGN_IN, errorCallbackURL: '/staff/sign-in?link=invalid' },
        headers: new Headers(),
      });
      return await url;
    } finally {
      pendingLinks.delete(key);
    }
  }

  return {
    auth,
    issueLink,
    linkMinutes: LINK_MINUTES,
    /** Resolves once every code asked for so far has been sent or given up on (tests, shutdown). */
    mailed: outbox.idle,
  };
}

/** The better-auth endpoints the console uses, by method and path under AUTH_BASE_PATH. */
const CONSOLE_ENDPOINTS = [
  // Asking for a code, and entering it: they draw on the sign-in budget.
  ['POST', '/email-otp/send-verification-otp'],
  ['POST', '/sign-in/email-otp'],
  // Opening a one-time link (the code's email, `npm run staff -- link`): never refused for tries.
  ['GET', '/magic-link/verify'],
  // When the session ends, which the console shows; signing out.
  ['GET', '/get-session'],
  ['POST', '/sign-out'],
] as const;

/**
 * better-auth mounted for the console: the endpoints above and nothing else (updating a member's
 * own name or email, passwords, deleting an account… answer 404), sign-in tries within budget.
 */
export function authRoutes(staffAuth: StaffAuth, db: Database, trustProxy: boolean) {
  const app = new Hono();
  const budget = signInBudget(db, trustProxy);
  const handle = bodyLimit({ maxSize: 16 * 1024 });
  for (const [method, path] of CONSOLE_ENDPOINTS) {
    const limited = method === 'POST' && path !== '/sign-out';
    app.on(method, `${AUTH_BASE_PATH}${path}`, handle, ...(limited ? [budget] : []), (c) =>
      staffAuth.auth.handler(c.req.raw),
    );
  }
  app.all(`${AUTH_BASE_PATH}/*`, (c) => c.json({ error: 'No such sign-in endpoint.' }, 404));
  return app;
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
