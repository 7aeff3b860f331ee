/**
 * Emails to members of staff (a lead assigned to them, leads handed over, the morning's follow-ups),
 * sent by the notification outbox's `staff` lane: queued in the transaction of the change they tell
 * of, so a change saved is never left untold, and a change rolled back never told.
 */
import type { Sql } from '../db/database';
import { smtpTransport } from './notifiers';

export interface StaffMail {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one email to a member; rejects when it could not (the outbox tries again). */
export interface StaffMailer {
  /** Only prints what it delivers (no SMTP). */
  readonly printsOnly?: boolean;
  send(mail: StaffMail): Promise<void>;
  close(): void;
}

/** The quick start's: the email in the service's output, under a line a person can find. */
export function consoleStaffMailer(): StaffMailer {
  return {
    printsOnly: true,
    send: async ({ to, subject, text }) => console.log(`Email to ${to}: ${subject}\n${text}`),
    close: () => undefined,
  };
}

export function smtpStaffMailer(smtpUrl: string, from: string): StaffMailer {
  const transport = smtpTransport(smtpUrl);
  return {
    send: async ({ to, subject, text }) => void (await transport.sendMail({ from, to, subject, text })),
    close: () => transport.close(),
  };
}

/** Queues `mail` in the outbox, in the caller's transaction. */
export async function queueStaffMail(sql: Sql, mail: StaffMail): Promise<void> {
  await sql.query(
    `INSERT INTO notifications (channel, recipient, subject, body) VALUES ('staff', $1, $2, $3)`,
    [mail.to, mail.subject, mail.text],
  );
}
