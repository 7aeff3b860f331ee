import type { Database } from '../db/database';
import { DatabaseUnavailable } from '../db/database';
import type { NotificationChannel } from '../leads/store';
import { listEnquiries } from '../leads/store';
import type { Notifier } from './notifiers';
import type { StaffMailer } from './staff-mail';

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
const BATCH: Record<NotificationChannel | 'staff', number> = { email: 20, webhook: 5, staff: 20 };

/** The notifier of each channel this instance sends; a channel without one waits in the table. */
export type Notifiers = Partial<Record<NotificationChannel, Notifier>>;

interface Claimed {
  id: number;
  enquiry_id: string | null;
  message_id: string;
  attempts: number;
  recipient: string | null;
  subject: string | null;
  body: string | null;
}

/** Sends one claimed row; rejects when it could not (it is tried again later). */
type Send = (item: Claimed) => Promise<void>;

/** An enquiry's channel: the notifier is told of the enquiry the row names. */
const enquirySender =
  (db: Database, notifier: Notifier): Send =>
  async (item) => {
    const [enquiry] = item.enquiry_id === null ? [] : await listEnquiries(db, { id: item.enquiry_id });
    if (enquiry === undefined) throw new Error(`Enquiry ${item.enquiry_id} is not in the database.`);
    await notifier.notify(enquiry, { id: item.message_id });
  };

/** The staff channel: the row carries its recipient and text. */
const staffSender =
  (mailer: StaffMailer): Send =>
  (item) =>
    mailer.send({ to: item.recipient ?? '', subject: item.subject ?? '', text: item.body ?? '' });

/**
 * Sends the notifications in the outbox table, oldest first, until each is
 * delivered: a failure is retried with growing waits, and storing leads never
 * waits for it. Each channel (email, webhook, and the staff emails of `staffMailer`) is sent by a lane of its own, so
 * a CRM that hangs or is down holds up no email, and an email delivered is
 * not sent again while the CRM's notification is retried. Several instances
 * may run against one database: each claims rows for a while (SKIP LOCKED),
 * so no notification goes out twice at once.
 */
export function startOutbox(
  db: Database,
  notifiers: Notifiers,
  options: OutboxOptions = {},
  staffMailer?: StaffMailer,
) {
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 5000;
  let stopped = false;
  let reportedOutage = false;

  const lane = (channel: NotificationChannel | 'staff', send: Send) => {
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
            RETURNING id, enquiry_id, message_id, attempts, recipient, subject, body)
         SELECT * FROM claimed ORDER BY id`,
        [LEASE_SECONDS, BATCH[channel], channel],
      );

    const deliver = async (item: Claimed) => {
      try {
        await send(item);
        await db.query(
          'UPDATE notifications SET delivered_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1',
          [item.id],
        );
      } catch (error) {
        const wait = Math.min(retryBaseMs * 2 ** (item.attempts - 1), MAX_RETRY_MS);
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(
          `The ${channel} notification ${item.enquiry_id === null ? `to ${item.recipient}` : `of enquiry ${item.enquiry_id}`} failed (try ${item.attempts}); retrying in ${Math.round(wait / 1000)} s: ${reason}`,
        );
        await db.query(
          'UPDATE notifications SET next_attempt_at = now() + make_interval(secs => $2), lease_until = NULL, last_error = $3 WHERE id = $1',
          [item.id, wait / 1000, reason],
        );
      }
    };

    const drain = async () => {
      for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
        for (const item of batch) await deliver(item);
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

  const lanes = [
    ...(Object.entries(notifiers) as [NotificationChannel, Notifier | undefined][]).flatMap(
      ([channel, notifier]) => (notifier === undefined ? [] : [lane(channel, enquirySender(db, notifier))]),
    ),
    ...(staffMailer === undefined ? [] : [lane('staff', staffSender(staffMailer))]),
  ];
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
