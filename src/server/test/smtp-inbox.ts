import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../../scripts/free-port.mjs';
import { waitUntil } from './wait-until.js';

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free local port that keeps every message it is given, for tests to read. */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private server!: SMTPServer;
  url = '';

  async start(): Promise<void> {
    const port = await freePort();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({
              from: parsed.from?.text ?? '',
              to: [parsed.to ?? []]
                .flat()
                .map((to) => to.text)
                .join(', '),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${port}`;
  }

  /** The first message to `to` among those after the first `after`, waiting for it to arrive. */
  waitFor(to: string, after = 0): Promise<ReceivedMail> {
    return waitUntil(() => this.messages.slice(after).find((mail) => mail.to.includes(to)), {
      message: () => `a mail to ${to}; received: ${this.messages.map((mail) => mail.to).join(', ') || 'none'}`,
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
