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

/**
 * A mailer for `smtpUrl`, or null when it is unset: the email controls are then not offered. nodemailer (about
 * 13 MB of memory once loaded) is loaded with the first mail, so a site that sends none never holds it.
 */
export function createMailer(smtpUrl: string | undefined): Mailer | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...TIMEOUTS,
  };
  let transport: Promise<{ sendMail(mail: Mail): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
      await (await transport).sendMail(mail);
    },
  };
}
