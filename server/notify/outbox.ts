import type { Database } from '../db/database';
import { DatabaseUnavailable } from '../db/database';
import type { NotificationChannel, StoredEnquiry } from '../leads/store';
import { listEnquiries } from '../leads/store';
import type { Notifier } from './notifiers';

export interface OutboxOptions {
  /** Wait before the first retry; each later retry waits twice as long, up to an hour. */
  retryBaseMs?: number;
  /** How often to look for notifications that fell due (retries, or ones another instance let go). */
  pollMs?: number;
}

const MAX_RETRY_MS = 60 * 60 * 1000;
/** How long a claimed notification is this instance's before another may take it over. */
const LEASE_SECONDS = 120;
/**
 * Notifications one claim takes, sent one after the other within the lease:
 * the webhook's fewer, as each of its tries may last its whole timeout.
 */
const BATCH: Record<NotificationChannel, number> = { email: 20, webhook: 5 };

/** The notifier of each channel this instance sends; a channel without one waits in the table. */
export type Notifiers = Partial<Record<NotificationChannel, Notifier>>;

interface Claimed {
  id: number;
  enquiry_id: string;
  message_id: string;
  attempts: number;
}

/**
 * Sends the notifications in the outbox table, oldest first, until each is
 * delivered: a failure is retried with growing waits, and storing leads never
 * waits for it. Each channel (email, webhook) is sent by a lane of its own, so
 * a CRM that hangs or is down holds up no email, and an email delivered is
 * not sent again while the CRM's notification is retried. Several instances
 * may run against one database: each claims rows for a while (SKIP LOCKED),
 * so no notification goes out twice at once.
 */
export function startOutbox(db: Database, notifiers: Notifiers, options: OutboxOptions = {}) {
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 5000;
  let stopped = false;
  let reportedOutage = false;

  const lane = (channel: NotificationChannel, notifier: Notifier) => {
    let running: Promise<void> | null = null;
    let again = false;

    const claim = () =>
      db.query<Claimed>(
        // RETURNING keeps no order of its own: the oldest go first only when sorted after.
        `WITH claimed AS (
           UPDATE notifications SET lease_until = now() + make_interval(secs => $1), attempts = attempts + 1
            WHERE id IN (SELECT id FROM notifications
                          WHERE channel = $3 AND delivered_at IS NULL AND next_attempt_at <= now()
                            AND (lease_until IS NULL OR lease_until < now())
                          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
            RETURNING id, enquiry_id, message_id, attempts)
         SELECT * FROM claimed ORDER BY id`,
        [LEASE_SECONDS, BATCH[channel], channel],
      );

    const deliver = async (item: Claimed, enquiry: StoredEnquiry | undefined) => {
      try {
        if (enquiry === undefined) throw new Error(`Enquiry ${item.enquiry_id} is not in the database.`);
        await notifier.notify(enquiry, { id: item.message_id });
        await db.query(
          'UPDATE notifications SET delivered_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1',
          [item.id],
        );
      } catch (error) {
        const wait = Math.min(retryBaseMs * 2 ** (item.attempts - 1), MAX_RETRY_MS);
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(
          `The ${channel} notification of enquiry ${item.enquiry_id} failed (try ${item.attempts}); retrying in ${Math.round(wait / 1000)} s: ${reason}`,
        );
        await db.query(
          'UPDATE notifications SET next_attempt_at = now() + make_interval(secs => $2), lease_until = NULL, last_error = $3 WHERE id = $1',
          [item.id, wait / 1000, reason],
        );
      }
    };

    const drain = async () => {
      for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
        for (const item of batch) {
          const [enquiry] = await listEnquiries(db, { id: item.enquiry_id });
          await deliver(item, enquiry);
        }
      }
    };

    const run = (): Promise<void> => {
      if (running !== null) {
        again = true;
        return running;
      }
      running = drain()
        .then(() => {
          if (reportedOutage) console.warn('The database is back: notifications are being sent again.');
          reportedOutage = false;
        })
        .catch((error: unknown) => {
          if (!(error instanceof DatabaseUnavailable)) console.error('Sending notifications failed:', error);
          else if (!reportedOutage) console.warn(`Notifications wait for the database: ${error.message}`);
          reportedOutage ||= error instanceof DatabaseUnavailable;
        })
        .finally(() => {
          running = null;
          if (again && !stopped) {
            again = false;
            void run();
          }
        });
      return running;
    };

    return {
      run,
      idle: async () => {
        while (running !== null) await running;
      },
    };
  };

  const lanes = (Object.entries(notifiers) as [NotificationChannel, Notifier | undefined][]).flatMap(
    ([channel, notifier]) => (notifier === undefined ? [] : [lane(channel, notifier)]),
  );
  const runAll = () => {
    for (const each of lanes) void each.run();
  };
  const idle = async () => {
    await Promise.all(lanes.map((each) => each.idle()));
  };

  const timer = setInterval(runAll, pollMs);
  timer.unref();
  runAll();

  return {
    /** Sends what is due now, without waiting for the next poll (a lead was just stored). */
    kick: runAll,
    /** Resolves once nothing is being sent; for tests and shutdown. */
    idle,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await idle();
    },
  };
}
