/**
 * Starts the whole service in this Node process: opens the database (a
 * PostgreSQL server, or the embedded PGlite), brings its tables up to date,
 * starts the notification outbox, and listens for HTTP. `npm start`, the
 * tests and the benchmark all start it through here.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import type { ServiceConfig } from './config';
import { ownerOnly } from './db/data-dir';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { embeddedPaths } from './db/embedded';
import { openLocalAccess } from './leads/local-access';
import type { NotificationChannel } from './leads/store';
import type { Notifier } from './notify/notifiers';
import { consoleNotifier, smtpNotifier } from './notify/notifiers';
import type { Notifiers, OutboxOptions } from './notify/outbox';
import { startOutbox } from './notify/outbox';
import { consoleStaffMailer, smtpStaffMailer } from './notify/staff-mail';
import { webhookNotifier } from './notify/webhook';
import { postgresCoordination } from './publish/coordination';
import type { Publisher } from './publish/publisher';
import { createPublisher } from './publish/publisher';
import { limitRequestTimes } from './request-times';
import { originOf, staffAuthFor } from './staff/auth-for';
import { isStaffUpload } from './staff/console';
import { startDigest } from './staff/notices';

/**
 * A request (headers and body) must arrive whole within this time, or it is answered 408 and
 * closed; a connection that sends nothing at all is closed after it too. Staff uploads are the
 * exception (request-times.ts).
 */
const REQUEST_TIMEOUT_MS = 5000;
/** The longest a staff upload may take in all: 30 MB at 0.5 Mbit/s, with room to spare. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** An upload that sends nothing for this long has stalled, and is cut. */
const UPLOAD_IDLE_MS = 30_000;
/** A kept-alive connection is closed once idle this long after its last answer. */
const KEEP_ALIVE_MS = 5000;

export interface ServiceOptions {
  /** Answer as EmailJS does and store the messages: the quick start, never a deployment. */
  emailJsStandIn: boolean;
  /** Overrides the notifier the configuration chooses for the email channel (tests). */
  notifier?: Notifier;
  /** How long the CRM's webhook may take to answer one try (tests shorten it). */
  webhookTimeoutMs?: number;
  outbox?: OutboxOptions;
  /** The time the morning's follow-up email goes by (tests set it). */
  clock?: () => Date;
  /** The HTTP listener's limits (tests change them). */
  connections?: { requestTimeoutMs?: number; uploadIdleMs?: number; perAddress?: number };
}

export function notifierFor(config: ServiceConfig): Notifier {
  return config.SMTP_URL !== undefined && config.LEAD_NOTIFY_TO !== undefined
    ? smtpNotifier(config.SMTP_URL, config.LEAD_NOTIFY_FROM, config.LEAD_NOTIFY_TO)
    : consoleNotifier();
}

/** The checkout the service runs from: its sheets/ is what staff publish, unless CONTENT_REPO_DIR names another. */
const CHECKOUT = resolve(import.meta.dirname, '..');

/**
 * The publishing engine when CONTENT_PUBLISH is on: it starts from SITE_ROOT's build, or from
 * CONTENT_GIT_REMOTE's newer sheets, and serves its live one. Instances on one PostgreSQL server
 * take turns publishing and follow each other's publishes (server/publish/coordination.ts).
 */
export function openPublisher(config: ServiceConfig): Promise<Publisher | null> {
  if (!config.CONTENT_PUBLISH) return Promise.resolve(null);
  return createPublisher({
    repoDir: config.CONTENT_REPO_DIR ?? CHECKOUT,
    workDir: join(config.DATA_DIR, 'publish'),
    initialSite: config.SITE_ROOT,
    ...(config.DATABASE_URL === undefined ? {} : { coordination: postgresCoordination(config.DATABASE_URL) }),
    ...(config.CONTENT_GIT_REMOTE === undefined
      ? {}
      : { remote: { url: config.CONTENT_GIT_REMOTE, branch: config.CONTENT_GIT_BRANCH } }),
  });
}

/** Everything but the HTTP listener: the database, the outbox and the app that answers requests. */
export async function openService(config: ServiceConfig, options: ServiceOptions) {
  // Before anything writes there: the publisher's folders and PGlite's would otherwise make it.
  await ownerOnly(config.DATA_DIR);
  const db = await openDatabase(config);
  let publisher: Publisher | null;
  try {
    await migrate(db);
    // After the migrations: among several instances, changes are queued in the database.
    publisher = await openPublisher(config);
  } catch (error) {
    await db.close();
    throw error;
  }
  const notifiers: Notifiers = {
    email: options.notifier ?? notifierFor(config),
    ...(config.LEAD_WEBHOOK_URL !== undefined &&
      config.LEAD_WEBHOOK_SECRET !== undefined && {
        webhook: webhookNotifier(
          config.LEAD_WEBHOOK_URL,
          config.LEAD_WEBHOOK_SECRET,
          options.webhookTimeoutMs,
        ),
      }),
  };
  const staffMailer =
    config.SMTP_URL === undefined
      ? consoleStaffMailer()
      : smtpStaffMailer(config.SMTP_URL, config.LEAD_NOTIFY_FROM);
  const outbox = startOutbox(db, notifiers, options.outbox, staffMailer);
  const notices = { origin: originOf(config), kick: outbox.kick };
  const digest = startDigest(db, notices, options.clock);
  const { mailer, staffAuth } = await staffAuthFor(config, db);
  const local =
    config.DATABASE_URL === undefined
      ? await openLocalAccess(db, embeddedPaths(config.DATA_DIR).socket, staffAuth)
      : null;
  const app = createApp({
    db,
    siteRoot: publisher === null ? config.SITE_ROOT : () => publisher.siteRoots(),
    siteOrigins: config.SITE_ORIGINS,
    rateLimit: config.LEAD_RATE_LIMIT,
    trustProxy: config.TRUST_PROXY,
    emailJsStandIn: options.emailJsStandIn,
    channels: Object.keys(notifiers) as NotificationChannel[],
    onStored: outbox.kick,
    staff: {
      db,
      staffAuth,
      publicOrigin: config.PUBLIC_ORIGIN,
      consoleRoot: `${config.SITE_ROOT.replace(/[\\/]+$/, '')}-staff`,
      emailPrinted: notifiers.email?.printsOnly === true,
      notices,
      trustProxy: config.TRUST_PROXY,
      ...(publisher === null ? {} : { sheets: { publisher, repoDir: config.CONTENT_REPO_DIR ?? CHECKOUT } }),
    },
  });
  return {
    app,
    db,
    outbox,
    notifiers,
    publisher,
    async close() {
      await publisher?.close();
      await digest.stop();
      await outbox.stop();
      for (const notifier of Object.values(notifiers)) notifier.close();
      staffMailer.close();
      mailer.close();
      await local?.close();
      await db.close();
    },
  };
}

/** Closes, before it is read, a connection past `limit` open from one address (0: no limit). */
function limitConnections(server: Server, limit: number) {
  if (limit === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

export async function startService(config: ServiceConfig, options: ServiceOptions) {
  const service = await openService(config, options);
  const requestTimeout = options.connections?.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve(
      {
        fetch: service.app.fetch,
        port: config.PORT,
        hostname: config.HOST,
        serverOptions: {
          // Node's own limit is the slowest upload's; every other request gets requestTimeout (below).
          requestTimeout: Math.max(UPLOAD_TIMEOUT_MS, requestTimeout),
          headersTimeout: requestTimeout,
          keepAliveTimeout: KEEP_ALIVE_MS,
          // Node looks for requests past their time only this often (30 s by default).
          connectionsCheckingInterval: 1000,
        },
      },
      () => resolve(started as Server),
    );
    started.once('error', reject);
  });
  limitRequestTimes(server, {
    requestMs: requestTimeout,
    uploadIdleMs: options.connections?.uploadIdleMs ?? UPLOAD_IDLE_MS,
    isUpload: isStaffUpload,
  });
  limitConnections(
    server,
    config.TRUST_PROXY ? 0 : (options.connections?.perAddress ?? config.CONNECTIONS_PER_ADDRESS),
  );
  const { port } = server.address() as AddressInfo;

  return {
    ...service,
    url: `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    },
  };
}

export type Service = Awaited<ReturnType<typeof startService>>;
