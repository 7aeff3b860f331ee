import { Hono } from 'hono';
import type { LeadApiOptions } from './leads/api';
import { leadApi } from './leads/api';
import type { StaffConsoleOptions } from './staff/console';
import { staffConsole } from './staff/console';
import type { SiteFolders } from './static/site';
import { siteRoutes } from './static/site';

export interface AppOptions extends LeadApiOptions {
  /** Folder of the built site, or where the publisher's live build is at each request. */
  siteRoot: string | (() => SiteFolders);
  /** The staff console at /staff/; without it, /staff/ is just a path of the site. */
  staff?: StaffConsoleOptions;
}

/** Whether an error only says that the client closed the connection before its request was read. */
function isClientGone(error: Error, signal: AbortSignal): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    signal.aborted || error.name === 'AbortError' || code === 'ECONNRESET' || /aborted/i.test(error.message)
  );
}

/**
 * The whole service as one Hono app: the lead API first, the staff console, then the site. It
 * runs under Node (server/service.ts) and, being a fetch handler, on any
 * platform Hono runs on.
 */
export function createApp(options: AppOptions) {
  const app = new Hono();
  app.route('/', leadApi(options));
  if (options.staff !== undefined) app.route('/', staffConsole(options.staff));
  app.route('/', siteRoutes(options.siteRoot));
  app.onError((error, c) => {
    if (isClientGone(error, c.req.raw.signal)) {
      console.warn(`${c.req.method} ${c.req.path}: the client went away before its request arrived whole.`);
      return c.text('Request incomplete.', 400);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ error: 'Something went wrong on our side; nothing was stored. Try again shortly.' }, 500);
  });
  return app;
}
