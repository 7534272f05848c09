import nodemailer from 'nodemailer';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Sends mail through the SMTP server of SMTP_URL (decision 052). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Timeouts short enough that a request waiting on a silent mail server fails in seconds, not minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A mailer for `smtpUrl`, or null when it is unset: the email controls are then not offered. */
export function createMailer(smtpUrl: string | undefined): Mailer | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...TIMEOUTS,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}
