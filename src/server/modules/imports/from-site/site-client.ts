/**
 * GET requests to the site a journal moves in from, made politely: a bounded number at once, each with a time limit,
 * retried with growing pauses while the site answers 5xx or 429 or the network fails. The user agent names a
 * harvester, so a site counting COUNTER usage does not count the import's downloads as readers'.
 */
export const IMPORT_USER_AGENT = 'JournalSiteImport/1.0 (harvester; a journal moving to a new site)';

/** Retries after the first attempt. */
export const MAX_RETRIES = 3;
/** The longest pause a site's Retry-After is followed for. */
const MAX_RETRY_AFTER_MS = 30_000;

export interface SiteClientOptions {
  fetch: typeof fetch;
  /** Requests at once, files included. */
  concurrency: number;
  /** Each attempt, answer and body. */
  timeoutMs: number;
  /** The first pause before a retry; each next one is twice as long. */
  retryDelayMs: number;
}

/** An answer the site gave for good: any status but 5xx and 429. The body is read only for a 200. */
export interface SiteAnswer {
  status: number;
  statusText: string;
  contentType: string;
  body: Buffer;
}

/** A GET that got no answer to use; `reason` says why in a few words ("ECONNREFUSED, 4 attempts"). */
export class SiteCallFailed extends Error {
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`GET ${address} failed: ${reason}`);
  }
}

type Attempt = { answer: SiteAnswer; retryAfterMs: number | null } | { failure: string };

export class SiteClient {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private stopped = false;

  /** `base` is the site's address without a trailing slash; paths start with '/'. */
  constructor(
    readonly base: string,
    private readonly options: SiteClientOptions,
  ) {}

  address(path: string): string {
    return this.base + path;
  }

  /** The answer to GET `path`, whose body may be at most `maxBytes`. */
  get(path: string, maxBytes: number): Promise<SiteAnswer> {
    return this.inTurn(() => this.withRetries(this.address(path), maxBytes));
  }

  /** Requests not yet started are refused: a read that failed asks the site nothing more. */
  stop(): void {
    this.stopped = true;
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    while (this.active >= this.options.concurrency && !this.stopped) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.stopped) throw new SiteCallFailed(this.base, 'the read was stopped');
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  /** A pause holds its turn, so a struggling site gets fewer requests, not the same number later. */
  private async withRetries(address: string, maxBytes: number): Promise<SiteAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await this.attempt(address, maxBytes);
      const last = attempt === MAX_RETRIES;
      if ('failure' in outcome) {
        if (last) throw new SiteCallFailed(address, `${outcome.failure}, ${attempt + 1} attempts`);
      } else if (!isPassing(outcome.answer.status) || last) {
        return outcome.answer;
      }
      const retryAfter = 'answer' in outcome ? outcome.retryAfterMs : null;
      await sleep(retryAfter ?? this.options.retryDelayMs * 2 ** attempt);
    }
  }

  private async attempt(address: string, maxBytes: number): Promise<Attempt> {
    try {
      const response = await this.options.fetch(address, {
        headers: { 'user-agent': IMPORT_USER_AGENT, accept: 'application/json, */*' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const answer = {
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type') ?? '',
        body: response.status === 200 ? await readBody(response, address, maxBytes) : await discard(response),
      };
      return { answer, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    } catch (error) {
      if (error instanceof SiteCallFailed) throw error;
      return { failure: failureReason(error, this.options.timeoutMs) };
    }
  }
}

/** Statuses that say "later": the server's trouble or its limit on requests. */
const isPassing = (status: number) => status >= 500 || status === 429;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function discard(response: Response): Promise<Buffer> {
  await response.body?.cancel();
  return Buffer.alloc(0);
}

/** The body, refused as soon as it passes the limit: a server need not declare its length, or may declare it wrong. */
async function readBody(response: Response, address: string, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new SiteCallFailed(address, `it is larger than the ${sizeText(maxBytes)} an import reads`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    received += part.value.byteLength;
    if (received > maxBytes) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

/** Retry-After in seconds (dates are rare enough to wait the usual pause instead), within reason. */
function retryAfterMs(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Math.min(Number(header) * 1000, MAX_RETRY_AFTER_MS);
}

function failureReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no complete answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${Math.round(bytes / 1_048_576)} MB` : `${bytes} bytes`);
