import nodemailer from 'nodemailer';
import { withoutBidiDeep } from '../../src/data/staff';
import type { StoredEnquiry } from '../leads/store';

/** One notification of the outbox, as a notifier sends it. */
interface Delivery {
  /** The same on every try of this notification (the webhook's webhook-id). */
  id: string;
}

/** Tells the sales team of one enquiry; rejects when it could not. */
export interface Notifier {
  readonly label: string;
  /** Only prints what it delivers: nobody is sent anything, so the console must not say "sent". */
  readonly printsOnly?: boolean;
  notify(enquiry: StoredEnquiry, delivery: Delivery): Promise<void>;
  close(): void;
}

const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function indiaTime(iso: string): string {
  return `${INDIA_TIME.format(new Date(iso))} IST`;
}

function title(enquiry: StoredEnquiry): string {
  const what = enquiry.kind === 'lead' ? 'lead' : `${enquiry.form} message`;
  const about = enquiry.project !== '' && enquiry.project !== '-' ? ` about ${enquiry.project}` : '';
  return `New ${what} from ${enquiry.name || 'a visitor'}${about}`;
}

/** One line a person can read at a glance in the server's output. */
function summaryLine(enquiry: StoredEnquiry): string {
  const contact = [enquiry.phone, enquiry.email].filter(Boolean).join(', ');
  const page = enquiry.page === null ? '' : ` on ${new URL(enquiry.page, 'http://site').pathname}`;
  return `${title(enquiry)} (${contact})${page}, ${indiaTime(enquiry.receivedAt)}`;
}

/** The email body: every field as sent, then where the visitor came from. */
function emailText(enquiry: StoredEnquiry): string {
  const fields = Object.entries(enquiry.fields).map(([name, value]) => `${name}: ${value}`);
  const utm = Object.entries(enquiry.utm ?? {}).map(([name, value]) => `${name}: ${value}`);
  return [
    `${title(enquiry)}, received ${indiaTime(enquiry.receivedAt)}.`,
    '',
    ...fields,
    '',
    `Page: ${enquiry.page ?? 'not sent'}`,
    `Came from: ${enquiry.referrer ?? 'not sent'}`,
    ...utm,
    `Browser: ${enquiry.userAgent ?? 'not sent'}`,
    `Reference: ${enquiry.id}`,
  ].join('\n');
}

/** The quick start's notifier: one readable line per enquiry in the server's output. */
export function consoleNotifier(): Notifier {
  return {
    label: 'printed in this output (SMTP_URL is not set)',
    printsOnly: true,
    notify: async (enquiry) => console.log(summaryLine(withoutBidiDeep(enquiry))),
    close: () => undefined,
  };
}

/** The SMTP connection of every email the service sends, with timeouts so a stuck server fails a try. */
export const smtpTransport = (smtpUrl: string) =>
  nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });

/** Emails each enquiry to the sales team over SMTP. */
export function smtpNotifier(smtpUrl: string, from: string, to: string): Notifier {
  const transport = smtpTransport(smtpUrl);
  return {
    label: `emailed to ${to} through ${new URL(smtpUrl).host}`,
    async notify(stored) {
      const enquiry = withoutBidiDeep(stored);
      await transport.sendMail({
        from,
        to,
        ...(enquiry.email === '' ? {} : { replyTo: enquiry.email }),
        subject: title(enquiry),
        text: emailText(enquiry),
        headers: { 'X-Enquiry-Id': enquiry.id },
      });
    },
    close: () => transport.close(),
  };
}
