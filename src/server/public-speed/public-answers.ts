import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WriteClock } from '../cache/write-clock.js';
import type { Config } from '../config.js';
import { RETRY_AFTER_SECONDS } from '../http/fault-errors.js';
import { withScriptSources } from '../http/security-headers.js';
import {
  COMPRESS_FROM_BYTES,
  compressForOneAnswer,
  compressForStorage,
  preferredEncoding,
  type Encoding,
} from './compression.js';
import type { CachedPage, PageCache } from './page-cache.js';
import { PublicCaching, type DataVersion } from './public-caching.js';

/** The negotiation of one public answer: what the client accepts, and the data version the answer is made from. */
export interface Negotiated {
  accepted: Encoding | null;
  data: DataVersion;
}

const CSP = 'content-security-policy';

/** The coding a client accepts, as answer forms name it. */
const codingOf = (accepted: Encoding | null) => accepted ?? 'identity';

/**
 * How public pages and documents (sitemap, feed) go out: answered 304 from the validators, from the cache, or made
 * now. Every answer is compressed here, in the encoding negotiated here, and tagged for exactly its bytes (routes
 * using it turn the compress plugin off). The rule of this folder is in README.md beside this file.
 */
export class PublicAnswers {
  readonly caching: PublicCaching;

  constructor(
    clock: WriteClock,
    config: Pick<Config, 'PUBLIC_MAX_AGE'>,
    readonly cache: PageCache,
  ) {
    this.caching = new PublicCaching(clock, config);
  }

  /**
   * Answers from the client's copy (304) or the cache, and returns undefined; otherwise what the answer to make
   * now is negotiated as. Read the data version before the data: a write in between then makes older validators.
   */
  fromKept(request: FastifyRequest, reply: FastifyReply, key: string): Negotiated | undefined {
    const accepted = preferredEncoding(request.headers['accept-encoding']);
    const data = this.caching.current();
    reply.header('vary', 'accept-encoding');
    if (this.caching.notModified(request, reply, data, codingOf(accepted))) {
      // The client keeps the headers of its copy, whose policy names its own hydration script.
      reply.removeHeader(CSP).send();
      return undefined;
    }
    const stored = this.cache.get(key);
    if (!stored) return { accepted, data };
    this.sendStored(reply, key, stored, { accepted, data });
    return undefined;
  }

  /** A page stored in the cache: compressed closely once per encoding, and fast for this answer until that is done. */
  sendStored(reply: FastifyReply, key: string, page: CachedPage, negotiated: Negotiated): void {
    const encoding = page.body.length >= COMPRESS_FROM_BYTES ? negotiated.accepted : null;
    const kept = encoding && this.cache.encoded(key, page, encoding);
    const body = !encoding ? page.body : (kept ?? compressForOneAnswer[encoding](page.body));
    this.send(reply, page, body, encoding, negotiated, !!encoding && !kept);
  }

  /** A page made for this one answer, already in `encoding`. */
  sendOnce(reply: FastifyReply, page: CachedPage, encoding: Encoding | null, negotiated: Negotiated): void {
    this.send(reply, page, page.body, encoding, negotiated, true);
  }

  /**
   * A document just written and stored (a sitemap, a feed), compressed closely in Node's thread pool as its kept
   * copy is: this answer carries the bytes and tag of the next ones. The document goes out whole, not streamed:
   * while streamed sitemaps were being sent, V8 learned to allocate Node's per-answer objects straight into the
   * old generation, and every later answer left garbage that only a full collection frees (docs/performance-log.md).
   */
  async sendWritten(reply: FastifyReply, key: string, page: CachedPage, negotiated: Negotiated): Promise<void> {
    const encoding = page.body.length >= COMPRESS_FROM_BYTES ? negotiated.accepted : null;
    if (!encoding) return this.send(reply, page, page.body, null, negotiated, false);
    const kept = this.cache.encodedWhenDone(key, page, encoding);
    const body = await (kept ?? compressForStorage[encoding](page.body));
    this.send(reply, page, body, encoding, negotiated, !kept);
  }

  /** The page's answer with `body`, its bytes in `encoding`. */
  private send(
    reply: FastifyReply,
    page: CachedPage,
    body: Buffer,
    encoding: Encoding | null,
    negotiated: Negotiated,
    once: boolean,
  ) {
    if (page.location) {
      this.caching.markRedirect(reply);
      return void reply.redirect(page.location, page.status);
    }
    reply.code(page.status);
    // Only a page as it is now may be kept by browsers and proxies: a 404 may be filled, a 503 passes.
    if (page.status === 200) this.caching.mark(reply, negotiated.data, { coding: codingOf(negotiated.accepted), once });
    if (page.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (encoding) reply.header('content-encoding', encoding);
    if (page.scriptHashes?.length) reply.header(CSP, policyOf(page, String(reply.getHeader(CSP) ?? '')));
    reply.send(body);
  }
}

/** Each page's policy, made once per stored page rather than once per answer. */
const policies = new WeakMap<CachedPage, { base: string; policy: string }>();

function policyOf(page: CachedPage, base: string): string {
  const known = policies.get(page);
  if (known?.base === base) return known.policy;
  const policy = withScriptSources(base, page.scriptHashes ?? []);
  policies.set(page, { base, policy });
  return policy;
}
