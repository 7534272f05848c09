import crypto from 'node:crypto';

/**
 * Who a use is counted for, without storing who it was (decision 101). COUNTER identifies a user by address and
 * browser when there is no login; we keep neither. A user key is an HMAC of both under the day's secret, and a
 * session key (COUNTER's user-session: user plus hour) an HMAC of the user key and the hour. The day's secret is
 * derived from the installation's secret and the date, so every process and instance computes the same keys, and it
 * lives in memory only: what is stored cannot be traced back to an address without both the secret and the day.
 */
export class SessionKeys {
  private day = '';
  private daySecret: Buffer = Buffer.alloc(0);

  constructor(private readonly installationSecret: string) {}

  /** The user's key for the double-click filter: the same for the same address and browser on one UTC day. */
  user(address: string, userAgent: string, now: Date): string {
    return this.hmac(now, `user\n${address}\n${userAgent}`);
  }

  /** The user-session's key, as stored: the user within one UTC hour. */
  session(userKey: string, now: Date): string {
    return this.hmac(now, `session\n${userKey}\n${now.toISOString().slice(0, 13)}`).slice(0, 32);
  }

  private hmac(now: Date, text: string): string {
    return crypto.createHmac('sha256', this.secretOf(now)).update(text).digest('base64url');
  }

  private secretOf(now: Date): Buffer {
    const day = utcDay(now);
    if (day !== this.day) {
      this.day = day;
      this.daySecret = crypto.createHmac('sha256', this.installationSecret).update(`usage-day\n${day}`).digest();
    }
    return this.daySecret;
  }
}

/** YYYY-MM-DD in UTC: COUNTER's days and months are the platform's, and ours are UTC. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
