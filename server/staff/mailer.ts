import nodemailer from 'nodemailer';

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
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
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
