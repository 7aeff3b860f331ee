/**
 * Staff sign-in as the configuration makes it, apart from the service so that `npm run staff`
 * loads only what signing in needs, not the publisher and the pipeline behind it.
 */
import type { ServiceConfig } from '../config';
import type { Database } from '../db/database';
import { createStaffAuth } from './auth';
import { consoleCodeMailer, smtpCodeMailer } from './mailer';
import { localSecret } from './secret';

/** The address the service is reached at: PUBLIC_ORIGIN, or in the quick start its own host and port. */
export function originOf(config: ServiceConfig): string {
  return (
    config.PUBLIC_ORIGIN ??
    `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`
  );
}

/** Staff sign-in (better-auth) on the service's database; see server/staff/auth.ts. */
export async function staffAuthFor(config: ServiceConfig, db: Database) {
  const mailer =
    config.SMTP_URL === undefined
      ? consoleCodeMailer()
      : smtpCodeMailer(config.SMTP_URL, config.LEAD_NOTIFY_FROM);
  return {
    mailer,
    staffAuth: createStaffAuth({
      db,
      secret: config.STAFF_AUTH_SECRET ?? (await localSecret(config.DATA_DIR)),
      origin: originOf(config),
      fixedOrigin: config.PUBLIC_ORIGIN !== undefined,
      mailer,
    }),
  };
}
