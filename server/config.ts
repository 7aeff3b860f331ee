/**
 * The lead service's settings, from environment variables (documented in
 * .env.example). With none set it runs the local quick start: the embedded
 * database under .data/, and each new enquiry printed in the server's output.
 * In production (`npm run serve:prod`) it refuses to start until everything a
 * real deployment needs is set, naming each missing variable.
 */
import { z } from 'zod';

const origin = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''), {
    message: 'must be an origin such as https://www.example.com (scheme and host, no path)',
  })
  .transform((value) => value.replace(/\/$/, ''));

const whole = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(fallback);

/**
 * How many bits of entropy a secret's characters hold at least, estimated from how often each
 * character occurs in it (Shannon): `openssl rand -base64 32` gives about 215, 32 random hex
 * digits about 115, 32 × "a" none, "password" four times 88. A repeated word or a short pattern
 * padded to length is refused.
 */
const SECRET_BITS = 100;

function entropyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...value].length;
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / length);
  return bits;
}

/** Shortest signing key the Standard Webhooks specification recommends (192 bits). */
const WEBHOOK_SECRET_BYTES = 24;

const webhookSecret = z
  .string()
  .trim()
  .refine(
    (value) => {
      const key = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)?.[1];
      return (
        key !== undefined && key.length % 4 === 0 && Buffer.from(key, 'base64').length >= WEBHOOK_SECRET_BYTES
      );
    },
    {
      message: `must be whsec_ and a key of at least ${WEBHOOK_SECRET_BYTES} bytes in base64, as the CRM gives it (.env.example shows how to make one)`,
    },
  );

const EnvSchema = z.object({
  PORT: whole(4173),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** The built site this process serves; a lead service behind a CDN may have none. */
  SITE_ROOT: z.string().trim().min(1).default('dist'),
  /** A PostgreSQL server (postgres://user:password@host:5432/db); unset, the embedded PGlite. */
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
      message: 'must be a connection string such as postgres://user:password@host:5432/leads',
    })
    .optional(),
  /** Folder of the embedded database when DATABASE_URL is unset. */
  DATA_DIR: z.string().trim().min(1).default('.data'),
  /** Origins whose pages may post leads from another origin (the site's own, when pages are on a CDN). */
  SITE_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  /** Where new-lead emails go; several addresses separated by commas. */
  LEAD_NOTIFY_TO: z.string().trim().optional(),
  /** Sender of those emails. */
  LEAD_NOTIFY_FROM: z.string().trim().default('Website leads <leads@localhost>'),
  /** SMTP server for them: smtp://user:password@host:587 or smtps://…:465. */
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), {
      message: 'must be an address such as smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  /** The CRM's address for the signed webhook each new lead is posted to (Standard Webhooks). */
  LEAD_WEBHOOK_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), {
      message: 'must be an address such as https://crm.example.com/hooks/leads',
    })
    .optional(),
  /** The key that signs those posts, shared with the CRM: whsec_ and base64. */
  LEAD_WEBHOOK_SECRET: webhookSecret.optional(),
  /** Enquiries one address may send per 10 minutes before 429; 0 turns the limit off. */
  LEAD_RATE_LIMIT: whole(60),
  /**
   * Connections one address may hold open at once (0: no limit). A browser opens up to 6 to a site,
   * so an office of twenty sharing one address may hold 120: six staff at 32 had their sixth
   * browser's connections reset. Ignored behind a proxy (TRUST_PROXY), which limits its visitors
   * itself.
   */
  CONNECTIONS_PER_ADDRESS: whole(128),
  /** "true" behind a reverse proxy or load balancer: the visitor's address is the last X-Forwarded-For entry. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /**
   * "true": staff publish the sheets from the console; the site is served from the publisher's
   * live build (under DATA_DIR/publish), which starts as SITE_ROOT. `npm run serve` turns it on.
   */
  CONTENT_PUBLISH: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** The git checkout whose sheets/ is published and committed; unset, the one the service runs from. */
  CONTENT_REPO_DIR: z.string().trim().min(1).optional(),
  /** A git repository every publish is pushed to (https://… or ssh), e.g. the one the git host deploys from. */
  CONTENT_GIT_REMOTE: z.string().trim().min(1).optional(),
  /** The branch of CONTENT_GIT_REMOTE that publishes are pushed to. */
  CONTENT_GIT_BRANCH: z
    .string()
    .trim()
    .regex(/^(?!-)(?!.*\.\.)[\w./-]+$/, 'must be a branch name such as main')
    .default('main'),
  /** Signs the staff console's sessions and codes: 32 or more random characters (`openssl rand -base64 32`). */
  STAFF_AUTH_SECRET: z
    .string()
    .trim()
    .min(32, {
      message: 'must be at least 32 characters: make one with `openssl rand -base64 32`',
      abort: true,
    })
    .refine((value) => entropyBits(value) >= SECRET_BITS, {
      message:
        'is too easy to guess (it repeats a few characters): make a random one with `openssl rand -base64 32`',
    })
    .optional(),
  /** The address staff reach the service at (https://leads.example.com): sign-in links, and the one origin the console accepts writes from. */
  PUBLIC_ORIGIN: origin.optional(),
});

export type ServiceConfig = z.output<typeof EnvSchema>;

/** What a real deployment cannot go without, and why. */
const PRODUCTION_NEEDS = {
  DATABASE_URL: 'the PostgreSQL server that keeps the leads',
  SITE_ORIGINS: "the site's public origin(s), the only pages allowed to post leads",
  SMTP_URL: 'the SMTP server that emails each new lead to the sales team',
  LEAD_NOTIFY_TO: 'the sales team address those emails go to',
  STAFF_AUTH_SECRET: "the staff console's signing secret",
  PUBLIC_ORIGIN: 'the address staff reach the console at, for sign-in links and its Origin check',
} as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The lead service is not configured:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the settings from `env`; with `production`, every variable a deployment needs must be set. */
export function readConfig(env: NodeJS.ProcessEnv, { production = false } = {}): ServiceConfig {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== '')),
  );
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`),
    );
  const config = parsed.data;
  if (production) {
    const missing = Object.entries(PRODUCTION_NEEDS).filter(([name]) => {
      const value = config[name as keyof typeof PRODUCTION_NEEDS];
      return value === undefined || (Array.isArray(value) && value.length === 0);
    });
    if (missing.length > 0)
      throw new ConfigError(missing.map(([name, what]) => `${name} is not set: ${what}.`));
  }
  const pairs = [
    config.SMTP_URL !== undefined &&
      config.LEAD_NOTIFY_TO === undefined &&
      'LEAD_NOTIFY_TO is not set: SMTP_URL is, so new leads need an address to go to.',
    config.LEAD_WEBHOOK_URL !== undefined &&
      config.LEAD_WEBHOOK_SECRET === undefined &&
      'LEAD_WEBHOOK_SECRET is not set: LEAD_WEBHOOK_URL is, and the CRM checks each lead’s signature with it.',
    config.LEAD_WEBHOOK_SECRET !== undefined &&
      config.LEAD_WEBHOOK_URL === undefined &&
      'LEAD_WEBHOOK_URL is not set: LEAD_WEBHOOK_SECRET is, but leads need an address to be posted to.',
    production &&
      config.PUBLIC_ORIGIN?.startsWith('http:') === true &&
      'PUBLIC_ORIGIN must start with https:// in production: over http:// the staff session cookie is not Secure and sign-in codes travel in the clear.',
    production &&
      config.LEAD_WEBHOOK_URL?.startsWith('http:') === true &&
      'LEAD_WEBHOOK_URL must start with https:// in production: each lead’s contact details travel in it.',
  ].filter((problem) => problem !== false);
  if (pairs.length > 0) throw new ConfigError(pairs);
  return config;
}
