import { inspect } from 'node:util';

export interface WaitOptions {
  /** What is awaited, for the failure message; a function is asked only when the wait fails. */
  message: string | (() => string);
  /**
   * How long to keep asking before failing. Only a failing test waits this long: a condition that holds ends the
   * wait at once, so the default is generous enough for a machine busy with other work.
   */
  timeoutMs?: number;
  /** The pause between two asks. */
  intervalMs?: number;
}

export const DEFAULT_WAIT_MS = 15_000;

/** What a condition answers once it holds. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Asks `condition` again and again until it answers a truthy value, and returns that value. A condition that
 * throws counts as not yet. Fails after `timeoutMs` with `message` and the last answer (or error), so a test
 * waits exactly as long as the awaited state takes to arrive, never a fixed time.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  { message, timeoutMs = DEFAULT_WAIT_MS, intervalMs = 20 }: WaitOptions,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const answer = await condition();
      if (answer) return answer as Truthy<T>;
      last = answer;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const what = typeof message === 'function' ? message() : message;
  const lastAnswer = last instanceof Error ? last.message : inspect(last, { depth: 3, breakLength: Infinity });
  throw new Error(`Waited ${timeoutMs} ms for: ${what}\nLast answer: ${lastAnswer}`, {
    cause: last instanceof Error ? last : undefined,
  });
}
