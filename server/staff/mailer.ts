import { setTimeout as sleep } from 'node:timers/promises';
import { smtpTransport } from '../notify/notifiers';

interface SignInCode {
  email: string;
  code: string;
  /** The same sign-in as a one-time link. */
  link: string;
  minutes: number;
}

/** Delivers a sign-in code to a member of staff; rejects when it could not. */
export interface CodeMailer {
  sendCode(code: SignInCode): Promise<void>;
  close(): void;
}

/** The quick start's: one line in the service's output, where the developer signing in reads it. */
export function consoleCodeMailer(): CodeMailer {
  return {
    sendCode: async ({ email, code, link, minutes }) =>
      console.log(`Staff sign-in code for ${email}: ${code} (valid ${minutes} minutes; or open ${link})`),
    close: () => undefined,
  };
}

/** Emails the code through the SMTP server the lead notifications use. */
export function smtpCodeMailer(smtpUrl: string, from: string): CodeMailer {
  const transport = smtpTransport(smtpUrl);
  return {
    async sendCode({ email, code, link, minutes }) {
      await transport.sendMail({
        from,
        to: email,
        subject: `Your staff console sign-in code: ${code}`,
        text: [
          `Your sign-in code is ${code}. It works once, for ${minutes} minutes.`,
          '',
          `Or open this link on the same device (it also works once):`,
          link,
          '',
          'If you did not ask to sign in, ignore this email: nobody can sign in without the code.',
        ].join('\n'),
      });
    },
    close: () => transport.close(),
  };
}

/** Waits before each further try of an email that failed; the code lasts 5 minutes. */
const RETRY_MS = [15_000, 60_000];

/**
 * Sends sign-in emails after the request that asked for them has been answered: the answer takes
 * the same time for a staff address as for any other, and a slow SMTP server holds up nobody. An
 * email that fails is tried again while its code lasts. Unlike the leads' outbox, nothing is kept
 * in the database: a code is stored there only hashed, and one not sent before the service
 * stopped has expired by the time it is back (the member asks again).
 */
export function codeOutbox(mailer: CodeMailer, retryMs = RETRY_MS) {
  const sending = new Set<Promise<void>>();
  const send = async (code: SignInCode) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await mailer.sendCode(code);
      } catch (error) {
        const wait = retryMs[attempt];
        const reason = error instanceof Error ? error.message : String(error);
        if (wait === undefined) throw error;
        console.warn(`The sign-in code for ${code.email} could not be emailed; trying again: ${reason}`);
        await sleep(wait, undefined, { ref: false });
      }
    }
  };
  return {
    /** Sends `code` to its address, in the background. */
    post(code: SignInCode) {
      const sent = send(code)
        .catch((error: unknown) =>
          console.error(
            `The sign-in code for ${code.email} could not be emailed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    /** Resolves once every email posted so far has been sent or given up on. */
    idle: async () => {
      while (sending.size > 0) await Promise.all(sending);
    },
  };
}
