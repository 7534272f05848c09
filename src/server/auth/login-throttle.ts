/**
 * Counts failed sign-ins per address and user name. After `maxFailures` inside the window further attempts
 * are refused until it ends; a successful sign-in clears the count, so staff who sign in often are never
 * locked out and one attacker cannot lock out every account.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly maxKeys = 50_000,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  waitFor(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.maxFailures ? entry.resetAt - now : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > now) {
      entry.count++;
      return;
    }
    // Bounded memory: the oldest key goes first (Map keeps insertion order).
    if (this.failures.size >= this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}
